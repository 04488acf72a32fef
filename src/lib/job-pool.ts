/**
 * Runs jobs at most `concurrency` at a time; a job may hand back more jobs, which join the queue.
 * Resolves when none is left; rejects with the first failure, or the signal's reason once aborted,
 * and then starts nothing more.
 */
export function runJobs<J>(
  initial: readonly J[],
  concurrency: number,
  run: (job: J) => Promise<readonly J[]>,
  signal?: AbortSignal,
): Promise<void> {
  const queue = [...initial];
  let active = 0;
  let settled = false;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const next = () => {
      if (settled) return;
      if (signal?.aborted) return fail(signal.reason);
      while (active < concurrency && queue.length > 0) {
        const job = queue.shift() as J;
        active += 1;
        run(job).then((more) => {
          active -= 1;
          queue.push(...more);
          next();
        }, fail);
      }
      if (active === 0 && queue.length === 0) {
        settled = true;
        resolve();
      }
    };
    signal?.addEventListener('abort', () => fail(signal.reason), { once: true });
    next();
  });
}
