import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUP_NAMES } from '../../bench/options';
import { runBench } from '../../bench/run';

/**
 * Runs every group of `npm run bench` once, briefly (one Lighthouse run per page, one second of load),
 * against a build that exists. Not part of `npm test`: `BENCH_SMOKE=1 npx vitest run --project bench`.
 */
describe('npm run bench (smoke)', () => {
  it('measures every group and writes a results file of figures', async () => {
    const results = await runBench({ quick: true, build: false });
    const output = path.join(await mkdtemp(path.join(tmpdir(), 'bench-')), 'results.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(output, JSON.stringify(results));
    const written = JSON.parse(await readFile(output, 'utf8'));
    expect(written.groups).toEqual([...GROUP_NAMES]);
    expect(written.machine.cores).toBeGreaterThan(0);
    expect(written.figures.filter((f: { name: string }) => f.name === 'group failed')).toEqual([]);
    for (const f of written.figures) {
      expect(f).toEqual(
        expect.objectContaining({ value: expect.any(Number), unit: expect.any(String), runs: expect.any(Array) }),
      );
      expect(f.pass === null || typeof f.pass === 'boolean').toBe(true);
    }
  }, 240_000);
});
