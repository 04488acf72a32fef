import { describe, expect, it } from 'vitest';
import { runJobs } from '../../../src/lib/job-pool';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runJobs', () => {
  it('runs follow-up jobs and never more than the concurrency at once', async () => {
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    await runJobs([1, 2, 3], 2, async (job) => {
      active += 1;
      peak = Math.max(peak, active);
      await tick();
      active -= 1;
      done.push(job);
      return job < 10 ? [job * 10] : [];
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 20, 30]);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure and starts nothing more', async () => {
    const started: number[] = [];
    const run = runJobs([1, 2, 3, 4], 1, async (job) => {
      started.push(job);
      if (job === 2) throw new Error('boom');
      return [];
    });
    await expect(run).rejects.toThrow('boom');
    await tick();
    expect(started).toEqual([1, 2]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const run = runJobs(
      [1, 2, 3],
      1,
      async (job) => {
        if (job === 1) controller.abort(new Error('cancelled'));
        await tick();
        return [];
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow('cancelled');
  });

  it('resolves at once with no jobs', async () => {
    await expect(runJobs([], 4, async () => [])).resolves.toBeUndefined();
  });
});
