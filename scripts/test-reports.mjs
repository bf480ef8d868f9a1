// Counts and failed tests' names from the runners' JSON reports, for `npm test`'s summary.
import { relative } from 'node:path';

const firstLine = (text) => (text ?? '').trim().split('\n')[0] || 'no message';

/**
 * Vitest's JSON report (Jest's shape). A file can fail with no failed test in it (it did not load,
 * a hook threw, an error went unhandled): it counts as one failure, named with its message.
 */
export function countVitest(report, root) {
  const failures = report.testResults.flatMap((file) => {
    const where = relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length) return tests.map((test) => `${where} › ${test.fullName}`);
    return file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : [];
  });
  return {
    passed: report.numPassedTests,
    failed: failures.length,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/**
 * Playwright's JSON report: a test that passed on retry is flaky, and counts as passed; an error
 * outside any test (a web server that did not start) counts as a failure.
 */
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
  for (const error of report.errors ?? [])
    failures.push(`outside the tests: ${firstLine(error.message)}`);
  return {
    passed: expected + flaky,
    failed: unexpected + (report.errors?.length ?? 0),
    skipped,
    failures,
  };
}
