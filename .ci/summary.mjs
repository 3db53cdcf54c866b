// Adds up the Vitest and Playwright JSON reports into one closing line: 'N passed, N failed', after
// naming each failed test with the first lines of its message (the end of the CI log is often all
// that is kept of it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLines = (text) => String(text ?? '').split('\n').slice(0, 6).join('\n      ');

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`${file}: ${spec.file}:${spec.line} ${spec.title}\n      ${firstLines(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, file);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${file}: ${result.name} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && result.status === 'failed') {
        failures.push(`${file}: ${result.name} (the file failed)\n      ${firstLines(result.message)}`);
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky ?? 0} flaky`);
    for (const suite of report.suites ?? []) playwrightFailures(suite, file);
  }
}
for (const failure of failures) console.log(`  failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
