// Writes e2e/durations.json (the end-to-end files' start order, see e2e/sequencer.ts) from a Vitest JSON report of
// the e2e project, by default the last `npm test`'s: node scripts/e2e-durations.mjs [.tmp/test/e2e.json]
// Only files whose every test ran and passed update their entry (a run filtered with -t, or a failure, would record
// a short time); files that no longer exist leave the table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const report = JSON.parse(
  readFileSync(resolve(process.argv[2] ?? resolve(root, '.tmp/test/e2e.json')), 'utf8'),
);
const out = resolve(root, 'e2e/durations.json');
const table = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')).seconds : {};
let updated = 0;
for (const file of report.testResults ?? []) {
  const tests = file.assertionResults ?? [];
  if (file.status !== 'passed' || tests.length === 0 || tests.some((t) => t.status !== 'passed')) continue;
  table[relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 1000);
  updated++;
}
const seconds = Object.fromEntries(
  Object.entries(table)
    .filter(([f]) => existsSync(resolve(root, f)))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)),
);
writeFileSync(
  out,
  `${JSON.stringify({ '//': 'Written by scripts/e2e-durations.mjs; read by e2e/sequencer.ts (longest first).', seconds }, null, 2)}\n`,
);
console.log(`e2e/durations.json: ${updated} files updated, ${Object.keys(seconds).length} listed`);
