/** axe-core in the browser suites: one rule set and one way of reporting what it finds. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { settled } from './browser';

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
  iframes: false,
};
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe (WCAG 2 A and AA) on the page, or only within `include` (a selector), once its transitions (modals
 * fade in over 200 ms) have settled: each violation as 'rule (nodes): the first three nodes and why'; [] when
 * none. Violations are printed at once, so a run that times out later still names them.
 *
 * axe runs in the page itself, injected once per document, and reports violations only: @axe-core/playwright
 * re-injected it on every pass and finished each run in a new blank page, which cost about as much as the rules.
 * Our screens have no frame of our own (a buy widget's frame is the provider's page), so frames are not entered.
 */
export async function axeViolations(page: Page, screen: string, include?: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const r = (await page.evaluate(
    ([include, options]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(include ? { include: [include] } : document, options);
    },
    [include ?? null, OPTIONS] as const,
  )) as AxeResults;
  const rules = r.violations.map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`)
        .join(' | ')}`,
  );
  if (rules.length) console.log(screen, rules);
  return rules;
}
