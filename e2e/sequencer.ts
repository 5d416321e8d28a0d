/**
 * The order the end-to-end files start in: longest first, by the durations of the last full run (e2e/durations.json,
 * refreshed with `node scripts/e2e-durations.mjs` after one). Vitest's own order uses its cache of the last run on
 * this machine, which a fresh CI machine does not have (it then starts the files in name order) and which a run of a
 * single test (-t) shortens here; either way a four-minute file could start last and run alone at the end. A file
 * the table does not know yet starts first (it may be long). The other projects keep Vitest's order.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE = new URL('./durations.json', import.meta.url);

function durations(): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(TABLE, 'utf8')) as { seconds: Record<string, number> }).seconds;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = durations();
    const weight = (f: TestSpecification) =>
      seconds[relative(f.project.config.root, f.moduleId).replaceAll('\\', '/')] ?? Infinity;
    const e2e = sorted.filter((f) => f.project.name === 'e2e');
    if (e2e.length === 0) return sorted;
    // Array.prototype.sort is stable: equal weights keep Vitest's order.
    const ordered = e2e.sort((a, b) => weight(b) - weight(a));
    let i = 0;
    return sorted.map((f) => (f.project.name === 'e2e' ? ordered[i++]! : f));
  }
}
