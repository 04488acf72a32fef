import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/** True when the test's file or one of its enclosing suites failed (in a hook, or while loading). */
function insideFailure(test: TestCase): boolean {
  let parent: TestSuite | TestModule = test.parent;
  for (;;) {
    if (parent.state() === 'failed') return true;
    if (parent.type === 'module') return false;
    parent = parent.parent;
  }
}

/**
 * Counts every test of the run. A test that was meant to run but did not because its file or suite
 * failed (a `beforeAll` that threw, say) is a failure, not a skip; only tests skipped on purpose
 * (`.skip`, `.todo`, a name filter, `ctx.skip()`) count as skipped. A failed file that leaves no failed
 * test behind (it failed to load, or in `afterAll`) counts one failure, so a broken run never reads 0 failed.
 */
export function tally(testModules: ReadonlyArray<TestModule>, unhandledErrors = 0): Tally {
  const count: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      const meantToRun = test.options.mode === 'run' || test.options.mode === 'only';
      if (state === 'passed') count.passed++;
      else if (state === 'failed' || (meantToRun && insideFailure(test))) failedHere++;
      else count.skipped++;
    }
    if (failedHere === 0 && module.state() === 'failed') failedHere = 1;
    count.failed += failedHere;
  }
  count.failed += unhandledErrors;
  return count;
}

export const summaryLine = ({ passed, failed, skipped }: Tally) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

/** Prints the plain closing line CI reads: "N passed, N failed" over every project and file. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    process.stdout.write(`\n${summaryLine(tally(testModules, unhandledErrors.length))}\n`);
  }
}
