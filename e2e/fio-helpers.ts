/** Steps the FIO suites share (Domain page and request manager). */
import type { Page } from 'playwright-core';
import { buttonEnabled } from './account-helpers';
import { approveUntil } from './bitcoin-helpers';

/** Runs the open FIO action modal from Details to Status: Next once enabled, the digest review, the device, Close. */
export async function runFioAction(page: Page): Promise<void> {
  await buttonEnabled(page, 'fio-action-next');
  await page.getByTestId('fio-action-next').click();
  await page.getByTestId('fio-review-digest').waitFor({ timeout: 30_000 });
  await page.getByTestId('fio-action-confirm').click();
  await approveUntil(page, () => page.getByTestId('fio-action-success').isVisible());
  await page.getByTestId('fio-action-close').click();
}
