/**
 * Accessibility (issue 20): axe-core (WCAG 2 A and AA) finds no violation, in English, Traditional Chinese and
 * Portuguese (one after the other, each in its own browser context), on the account list, every tab of the account page and the send details of XRP, Stellar,
 * Solana, TRON, FIO and BNB (read-only: no send), each family's Receive modal, XRP's refused-delete toast, and LTC's
 * pages, Buy modal, every send step through the status and the speed-up modal.
 */
import { Ecc } from '@fioprotocol/fiojs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buttonEnabled } from './account-helpers';
import { axe, everyTab, inModal, LOCALES, toCoin, usePage, violations, type Found } from './a11y-helpers';
import { useBrowser } from './browser';
import { approveUntil, card, connectEmulator, emulatorLtcAddress } from './bitcoin-helpers';
import { useStack } from './stack';

const browser = useBrowser();
const stack = await useStack('a11y-families');
const { baseUrl } = stack;

/** Every funded account-based family: its coin, a recipient for the send details and the amount. */
function familyPages(): { coin: string; to: string | null; amount: string }[] {
  return [
    { coin: 'XRP', to: stack.xrpl.accounts[1]!.address, amount: '1' },
    { coin: 'XLM', to: stack.stellar.accounts[1]!.address, amount: '1' },
    { coin: 'SOL', to: stack.solana.accounts[1]!.address, amount: '0.01' },
    { coin: 'TRX', to: stack.tron.accounts[1]!.address, amount: '1' },
    { coin: 'FIO', to: FIO_RECIPIENT, amount: '1' },
    // read-only (retired): no send
    { coin: 'BNB', to: null, amount: '' },
  ];
}
/** A valid FIO public key nobody here holds. */
const FIO_RECIPIENT = String(Ecc.PrivateKey.fromSeed('a11y e2e recipient').toPublic().toString());

/**
 * The other families' pages in each language: the account list, every tab of the account page and the send
 * details (a recipient and an amount filled in) of every funded account-based family, and the bitcoin family's
 * pages through a send.
 */
describe.each(LOCALES)('axe (WCAG 2 A + AA) on the pages of the other families in %s', (locale, lang) => {
  const openPage = usePage(browser);

  it('the account list, account page (every tab) and send details of XRP, Stellar, Solana, TRON, FIO and BNB, the XRP refused-delete toast; LTC through a send, Buy and speed-up: no violation', async () => {
    const page = await openPage(locale);
    await connectEmulator(page, baseUrl);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const found: Found[] = [];
    for (const f of familyPages()) {
      await toCoin(page, f.coin);
      found.push(await axe(page, `${f.coin} account list`));
      if (f.coin === 'XRP') {
        // XRP's funded first account cannot be deleted: the toast 'Can not delete an active account' (spec 01 §6)
        await page.getByTestId('account-menu').first().click();
        await page.locator('[data-testid="account-delete"]:visible').click();
        await page.getByTestId('toast').first().waitFor();
        found.push(await axe(page, 'XRP delete refused (toast)'));
      }
      await page.getByTestId('account-open').first().click();
      await page.getByTestId('account-name').waitFor();
      await everyTab(page, found, `${f.coin} account`);
      if (await page.getByTestId('account-receive').count()) {
        await page.getByTestId('account-receive').click();
        await page.getByTestId('receive-verify').waitFor({ timeout: 60_000 });
        found.push(await axe(page, `${f.coin} receive`));
        await page.keyboard.press('Escape');
        await page.getByTestId('receive-verify').waitFor({ state: 'detached' });
      }
      if (!f.to) continue;
      await page.getByTestId('account-send').click();
      await page.getByTestId('send-available').waitFor();
      await page.getByTestId('send-recipient').fill(f.to);
      await page.getByTestId('send-amount').fill(f.amount);
      await buttonEnabled(page, 'send-continue');
      found.push(await axe(page, `${f.coin} send details`));
      await page.keyboard.press('Escape');
      await page.getByTestId('send-available').waitFor({ state: 'detached' });
    }
    await bitcoinPages(page, found, LTC_SENDER[lang]!);
    expect(violations(found, lang)).toEqual([]);
  }, 480_000);
});

/**
 * The LTC account each language's test sends from (each spends its own coins).
 */
const LTC_SENDER: Record<string, { path: string; to: string }> = {
  en: { path: "m/44'/2'/0'", to: emulatorLtcAddress(44, 1, 0, 11) },
  'zh-TW': { path: "m/44'/2'/1'", to: emulatorLtcAddress(49, 0, 0, 12) },
  pt: { path: "m/49'/2'/0'", to: emulatorLtcAddress(44, 0, 0, 13) },
};

/**
 * The bitcoin family on the Litecoin regtest node: the account list, every tab of the account page, the Buy
 * modal, and a send through every step (details with the fee choices, review, confirm on the device, signed,
 * status); then the pending send's speed-up (RBF) modal and its review, left with Escape.
 */
async function bitcoinPages(page: Page, found: Found[], from: { path: string; to: string }): Promise<void> {
  const open = async () => {
    await toCoin(page, 'LTC');
    await card(page, from.path).getByTestId('account-open').click();
    await page.getByTestId('account-name').waitFor();
  };
  await toCoin(page, 'LTC');
  found.push(await axe(page, 'LTC account list'));
  await card(page, from.path).getByTestId('account-open').click();
  await page.getByTestId('account-name').waitFor();
  await everyTab(page, found, 'LTC account');
  await inModal(
    page,
    found,
    'LTC buy',
    page.getByTestId('account-buy'),
    page.getByTestId('buy-provider-primary'),
  );

  await page.getByTestId('account-send').click();
  await page.getByTestId('send-available').waitFor();
  await page.getByTestId('send-recipient').fill(from.to);
  await page.getByTestId('send-amount').fill('0.01');
  await buttonEnabled(page, 'send-continue');
  found.push(await axe(page, 'LTC send details'));
  await page.getByTestId('send-continue').click();
  await page.getByTestId('send-sign').waitFor({ timeout: 30_000 });
  found.push(await axe(page, 'LTC send review'));
  await page.getByTestId('send-sign').click();
  await page.getByTestId('virtual-screen-prompt').waitFor();
  found.push(await axe(page, 'LTC send, confirm on the device'));
  await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
  found.push(await axe(page, 'LTC send, signed'));
  await page.getByTestId('send-broadcast').click();
  await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
  found.push(await axe(page, 'LTC send status'));
  const txid = (await page.getByTestId('send-txid').innerText()).trim();
  await page.getByTestId('send-done').click();

  await open();
  await page.getByTestId('tab-history').click();
  const item = page.locator(`[data-testid="history-item"][data-hash="${txid}"]`);
  await item.waitFor({ timeout: 60_000 });
  await item.getByTestId('history-speed-up').click();
  await page.getByTestId('speed-up-next').waitFor();
  found.push(await axe(page, 'LTC speed-up'));
  await page.getByTestId('speed-up-next').click();
  await page.getByTestId('speed-up-sign').waitFor();
  found.push(await axe(page, 'LTC speed-up review'));
  await page.keyboard.press('Escape');
  await page.getByTestId('speed-up-sign').waitFor({ state: 'detached' });
}
