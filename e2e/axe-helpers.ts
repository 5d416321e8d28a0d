/** axe-core in the browser suites: one rule set and one way of reporting what it finds. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { settled } from './browser';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe (WCAG 2 A and AA) on the page, or only within `include` (a selector), once its transitions (modals
 * fade in over 200 ms) have settled: each violation as 'rule (nodes): the first three nodes and why'; [] when
 * none. Violations are printed at once, so a run that times out later still names them.
 */
export async function axeViolations(page: Page, screen: string, include?: string): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page: page as never }).withTags(WCAG);
  if (include) builder = builder.include(include);
  const r = await builder.analyze();
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
