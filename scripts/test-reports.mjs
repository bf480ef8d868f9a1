// Counts and failed tests' names from the runners' JSON reports, for `npm test`'s summary.
import { relative } from 'node:path';

/** Vitest's JSON report (Jest's shape). A file that failed to load fails with no test in it. */
export function countVitest(report, root) {
  const brokenFiles = report.testResults.filter(
    (file) =>
      file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failures = report.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    const where = relative(root, file.name);
    return tests.length
      ? tests.map((test) => `${where} › ${test.fullName}`)
      : file.status === 'failed'
        ? [`${where} (did not load or run)`]
        : [];
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** Playwright's JSON report: a test that passed on retry is flaky, and counts as passed. */
export function countPlaywright(report) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected')
          failures.push(`${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return {
    passed: expected + flaky,
    failed: unexpected + (report.errors?.length ?? 0),
    skipped,
    failures,
  };
}
