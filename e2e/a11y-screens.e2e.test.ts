/**
 * Accessibility (issue 20): axe-core (WCAG 2 A and AA) finds no violation, in English, Traditional Chinese and
 * Portuguese (one after the other, each in its own browser context), on the other screens and modals: news, the Cardano portal notice, Settings (General with
 * the reset confirmation, MCU with its history, SE), the home Receive page before, during and after the device
 * confirms the address, the Domain page, its register chooser, a registration's action modal (form and review) and
 * a FIO handle's Assign modal, the EVM chains page and its add-chain modal, the create and rename account modals,
 * the manage-tokens and add-token modals, the ETH account's NFTs and History tabs and an NFT's modal, the QR scanner
 * modal, the fee questions (fee too high, custom fee; Escape closes them alone), and an account page in dark mode.
 */
import { describe, expect, it } from 'vitest';
import { buttonEnabled } from './account-helpers';
import { axe, everyTab, inModal, LOCALES, toCoin, usePage, violations, type Found } from './a11y-helpers';
import { useBrowser } from './browser';
import { card, connectEmulator } from './bitcoin-helpers';
import { useStack } from './stack';

const browser = useBrowser();
const stack = await useStack('a11y-screens');
const { baseUrl } = stack;
const evm = stack.localnet.evm;

const P0 = "m/44'/60'/0'";

describe.each(LOCALES)('axe (WCAG 2 A + AA) on the other screens in %s', (locale) => {
  const openPage = usePage(browser);

  it('settings (every tab, reset, history), news, Cardano, receive and its device confirm, the Domain page, its register chooser and the Assign modal, create and rename, the QR scanner, the fee questions (Escape closes them alone), an account page in dark mode: no violation', async () => {
    const page = await openPage(locale);
    await connectEmulator(page, baseUrl);
    const found: Found[] = [];
    const dialog = page.getByRole('dialog');
    await inModal(page, found, 'news modal', page.getByTestId('news-link'), dialog);
    await inModal(page, found, 'Cardano portal', page.getByTestId('coin-ADA'), dialog);

    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-general').waitFor();
    found.push(await axe(page, 'settings general'));
    const reset = page.getByTestId('reset-confirm');
    await inModal(page, found, 'settings reset confirm', page.getByTestId('reset-open'), reset);
    await page.getByTestId('tab-mcu').click();
    await page.getByTestId('mcu-whats-new').waitFor();
    found.push(await axe(page, 'settings mcu'));
    const history = page.getByTestId('mcu-history');
    await inModal(page, found, 'settings mcu history', page.getByTestId('mcu-history-open'), history);
    await page.getByTestId('tab-se').click();
    await page.getByTestId('se-update-panel').waitFor();
    found.push(await axe(page, 'settings se'));

    await page.getByTestId('logo').click();
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-verify').waitFor({ timeout: 60_000 });
    found.push(await axe(page, 'receive'));
    await page.getByTestId('receive-verify').click();
    await page.getByTestId('virtual-screen-prompt').waitFor();
    found.push(await axe(page, 'receive, confirm on the device'));
    await page.getByTestId('emulator-approve').click();
    await page.getByTestId('receive-verified').waitFor();
    found.push(await axe(page, 'receive, confirmed'));

    await toCoin(page, 'FIO'); // the Domain page reads the FIO accounts the list recovered
    await page.locator('a[href="/wallet/domain"]').click();
    await page.getByTestId('domain-page').waitFor();
    await page.getByTestId('fio-register').and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    found.push(await axe(page, 'domain'));
    // a handle's Assign modal (map a chain's address to it)
    const handle = page.getByTestId('fio-handle-emulator@secux');
    await inModal(
      page,
      found,
      'FIO assign',
      handle.getByTestId('fio-assign'),
      page.getByTestId('fio-assign-chain'),
    );
    const chooser = page.getByTestId('fio-register-handle');
    await inModal(page, found, 'domain register chooser', page.getByTestId('fio-register'), chooser);
    // the action modal of a registration: the form with a name checked, then the review (not signed)
    await page.getByTestId('fio-register').click();
    await page.getByTestId('fio-register-handle').click();
    await page.getByTestId('fio-name-input').fill(`a11y-${locale.toLowerCase()}`);
    // availability and fee are read from the FIO simulator, beside five other browsers: 60 s
    await buttonEnabled(page, 'fio-action-next', 60_000);
    found.push(await axe(page, 'FIO register handle'));
    await page.getByTestId('fio-action-next').click();
    await page.getByTestId('fio-review-digest').waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'FIO action review'));
    await page.keyboard.press('Escape');
    await page.getByTestId('fio-review-digest').waitFor({ state: 'detached' });

    // EVM chains: the page and the add-chain modal with a chain chosen
    await page.getByTestId('logo').click();
    await page.getByTestId('coin-EVM').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    await page.getByTestId('evm-add-chain').waitFor();
    found.push(await axe(page, 'EVM chains'));
    await page.getByTestId('evm-add-chain').click();
    await page.getByTestId('evm-chain-option').first().click();
    await page.getByTestId('evm-chain-rpcs').waitFor();
    found.push(await axe(page, 'add EVM chain'));
    await page.keyboard.press('Escape');
    await page.getByTestId('evm-chain-rpcs').waitFor({ state: 'detached' });

    await toCoin(page, 'ETH');
    await inModal(page, found, 'create account', page.getByTestId('accounts-create'), dialog);
    await card(page, P0).getByTestId('account-menu').click();
    await inModal(page, found, 'rename account', page.getByTestId('account-rename'), dialog);

    await card(page, P0).getByTestId('account-open').click();
    await page.getByTestId('account-name').waitFor();
    // manage tokens: the known list (when there is one) and the add-token form with a looked-up contract
    await page.getByTestId('tokens-manage').click();
    await dialog.waitFor();
    found.push(await axe(page, 'manage tokens'));
    if (await page.getByTestId('tokens-add').isVisible()) await page.getByTestId('tokens-add').click();
    await page.getByTestId('token-contract').fill(evm.contracts.erc20);
    await page.getByTestId('token-lookup-symbol').waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'add token'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the first tab (Tokens) is the account page a11y-main checks
    await everyTab(page, found, 'ETH account', 1);
    // an NFT's modal (image, collection, its tabs, Send)
    await page.getByTestId('tab-nfts').click();
    const nft = page.getByTestId('nft-card').first();
    await nft.waitFor({ timeout: 30_000 });
    await inModal(page, found, 'NFT', nft, page.getByTestId('nft-send'));
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    // the scanner opens over the send modal; its Escape closes the scanner alone
    await inModal(page, found, 'QR scanner', page.getByTestId('send-scan'), dialog.nth(1));
    // the fee questions: a custom gas price far above the network's (err-28), then the custom-fee question
    await page.getByTestId('send-recipient').fill(evm.accounts[2]!.address);
    await page.getByTestId('send-amount').fill('0.01');
    await page.getByTestId('send-fee-mode').locator('label').last().click(); // Custom, the last choice
    await page.getByTestId('send-custom-fee').fill('500');
    const tooHigh = page.locator('[data-testid="fee-alert-text"][data-kind="feeTooHigh"]');
    await buttonEnabled(page, 'send-continue');
    await page.getByTestId('send-continue').click();
    await tooHigh.waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'fee too high'));
    // Escape closes the question alone: back on Details with what was typed
    await page.keyboard.press('Escape');
    await tooHigh.waitFor({ state: 'detached' });
    expect(await page.getByTestId('send-recipient').inputValue()).toBe(evm.accounts[2]!.address);
    await page.getByTestId('send-continue').click();
    await tooHigh.waitFor({ timeout: 30_000 });
    await page.getByTestId('fee-alert-continue').click();
    await page.locator('[data-testid="fee-alert-text"][data-kind="customFee"]').waitFor();
    found.push(await axe(page, 'custom fee question'));
    await page.getByTestId('fee-alert-continue').click();
    await page.getByTestId('send-sign').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('send-sign').waitFor({ state: 'detached' });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    found.push(await axe(page, 'ETH account (dark)'));
    expect(violations(found, locale)).toEqual([]);
  }, 420_000);
});
