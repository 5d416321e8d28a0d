// Reads the Vitest JSON reports named as arguments and prints the closing line any CI reader understands:
//   tests: N passed, N failed, N skipped
// A skipped test is allowed only where TEST_OPT_OUT names a part (postgres, lan): those are counted and named above the
// closing line. Any other skipped test, or a report that is missing, fails (exit 1): nothing is skipped silently.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const optOut = (process.env.TEST_OPT_OUT ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let passed = 0;
let failed = 0;
const skipped = [];
let ok = true;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`no test report at ${file}: that run did not finish (counted as a failure)`);
    failed += 1;
    ok = false;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A file that failed before its tests were collected (e.g. its set-up threw) counts as a failure.
  for (const suite of report.testResults ?? [])
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
  for (const suite of report.testResults ?? [])
    for (const t of suite.assertionResults ?? [])
      if (t.status === 'skipped' || t.status === 'pending' || t.status === 'todo')
        skipped.push(`${relative(process.cwd(), suite.name)}: ${t.fullName}`);
}
if (skipped.length) {
  if (optOut.length) {
    console.log(`left out by TEST_OPT_OUT=${optOut.join(',')}: ${skipped.length} tests skipped`);
  } else {
    console.log(
      `${skipped.length} tests were skipped without TEST_OPT_OUT (a missing prerequisite must fail):`,
    );
    ok = false;
  }
  for (const s of skipped) console.log(`  skipped: ${s}`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
