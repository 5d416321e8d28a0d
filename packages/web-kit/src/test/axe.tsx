/**
 * axe-core (WCAG 2 A and AA) on what a unit test rendered, for modals the end-to-end suite does not reach in a
 * browser in all three languages. jsdom has no layout, so colour contrast is left to the browser checks (e2e/a11y.e2e.test.ts), which
 * run on the same components; names, roles, labels and ARIA are checked here.
 */
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { setLanguage } from '../i18n';
import { SUPPORTED_LANGUAGES } from '../i18n/language';
import { renderUi } from './ui';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations in `root`, as 'rule: selector' lines; [] when none. */
async function axeViolations(root: Element): Promise<string[]> {
  const r = await axe.run(root, {
    runOnly: { type: 'tag', values: WCAG },
    rules: { 'color-contrast': { enabled: false } },
  });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A case: the test id axe checks, what to render, and what the user does first to bring it up. */
export type AxeCase = readonly [testId: string, node: ReactElement, open?: () => Promise<void>];

/**
 * Renders each case in every interface language and runs axe on the dialog holding the element with its test
 * id (or on that element when it holds the dialog); the violations as 'language test id: rule: selector'
 * lines. English is back on screen afterwards.
 */
export async function axeInEveryLanguage(cases: readonly AxeCase[]): Promise<string[]> {
  const found: string[] = [];
  try {
    for (const lng of SUPPORTED_LANGUAGES) {
      await setLanguage(lng);
      for (const [id, node, open] of cases) {
        const { unmount } = renderUi(node);
        await open?.();
        const el = await screen.findByTestId(id);
        const root = el.closest('[role="dialog"]') ?? el;
        found.push(...(await axeViolations(root)).map((v) => `${lng} ${id}: ${v}`));
        unmount();
      }
    }
  } finally {
    await setLanguage('en');
  }
  return found;
}
