import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs vitest on the reporter fixtures in a child process and returns its closing line and exit code. */
function runFixtures(pattern?: string) {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/fixtures/reporter/vitest.config.ts'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, REPORTER_FIXTURES: pattern ?? '', CI: 'true' } },
  );
  const lines = result.stdout.trim().split('\n');
  return { last: lines.at(-1)?.trim(), status: result.status };
}

describe('summary reporter', { timeout: 60_000 }, () => {
  it('counts every test of a file whose beforeAll threw as failed', () => {
    const { last, status } = runFixtures('before-all-throws.fixture.ts');
    expect(last).toBe('0 passed, 3 failed');
    expect(status).toBe(1);
  });

  it('sums a mixed run: hook and load failures are failures, only deliberate skips are skipped', () => {
    const { last, status } = runFixtures();
    // passing: 2 passed + 1 skipped; beforeAll: 3 failed; load failure: 1; afterAll: 1 passed + 1 failed.
    expect(last).toBe('3 passed, 5 failed, 1 skipped');
    expect(status).toBe(1);
  });

  it('reads 0 failed only when nothing failed', () => {
    const { last, status } = runFixtures('passing.fixture.ts');
    expect(last).toBe('2 passed, 0 failed, 1 skipped');
    expect(status).toBe(0);
  });
});
