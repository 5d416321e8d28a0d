/** Page flows of the bitcoin-family account screens, shared by the bitcoin-*.e2e tests. */
import type { Page } from 'playwright-core';
import {
  DEFAULT_MNEMONIC,
  ltcAddress,
  ltcRpc,
  mnemonicToRoot,
  type LtcAddressType,
} from '@secux-companion/localnet';
import { settled } from './browser';

export interface LtcNode {
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  wallets: { miner: string; watch: string };
  minerAddress: string;
}

export function ltcNode(n: LtcNode) {
  const call = ltcRpc(n.rpcUrl, n.rpcUser, n.rpcPassword);
  return {
    call,
    mine: (blocks = 1) => call<string[]>('generatetoaddress', [blocks, n.minerAddress]),
    /** The miner wallet pays `amount` LTC to `address` (left pending until the next block). */
    pay: (address: string, amount: number) =>
      call<string>('sendtoaddress', [address, amount], n.wallets.miner),
    mempool: () => call<string[]>('getrawmempool', []),
  };
}

const TYPE_OF_BIP: Record<number, LtcAddressType> = { 44: 'p2pkh', 49: 'p2sh-p2wpkh', 84: 'p2wpkh' };

/** Regtest address of the emulator's default mnemonic at m/{bip}'/2'/{account}'/{change}/{index}. */
export function emulatorLtcAddress(bip: 44 | 49 | 84, account: number, change: 0 | 1, index: number): string {
  const key = mnemonicToRoot(DEFAULT_MNEMONIC).derive(`m/${bip}'/2'/${account}'/${change}/${index}`);
  return ltcAddress(key.publicKey!, TYPE_OF_BIP[bip]!);
}

/** Landing → emulator → wallet home (welcome modal closed). */
export async function connectEmulator(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('connect-emulator').click();
  await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
  // First visit in a fresh browser context: the welcome modal until Continue.
  await page.getByTestId('welcome-continue').click({ timeout: 30_000 });
}

/** Selects a coin in the home coin menu and waits for the discovered accounts. */
export async function openCoin(page: Page, baseUrl: string, coin: string): Promise<void> {
  if (!page.url().endsWith('/wallet')) await page.getByTestId('logo').click(); // in-app: a page load disconnects
  await page.waitForURL(`${baseUrl}/wallet`);
  await page.getByTestId(`coin-${coin}`).click();
  await page.waitForURL(`${baseUrl}/wallet/account`);
  await page.getByTestId('account-grid').waitFor({ timeout: 120_000 });
}

export function card(page: Page, path: string) {
  return page.locator(`[data-testid="account-card"][data-path="${path}"]`);
}

/** Balance of an account card in satoshis. */
export async function cardSats(page: Page, path: string): Promise<bigint> {
  return BigInt((await card(page, path).getByTestId('account-balance').getAttribute('data-sats')) ?? '-1');
}

export async function refreshAccounts(page: Page): Promise<void> {
  const button = page.getByTestId('accounts-refresh');
  await button.click();
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="accounts-refresh"][data-loading="true"]'),
  );
  await button.waitFor();
  await settled(page);
}

/** Waits until the card shows `sats`, refreshing the list between tries. */
export async function waitForCardSats(
  page: Page,
  path: string,
  predicate: (sats: bigint) => boolean,
  tries = 20,
): Promise<bigint> {
  let last = -1n;
  for (let i = 0; i < tries; i++) {
    last = await cardSats(page, path);
    if (predicate(last)) return last;
    await refreshAccounts(page);
  }
  throw new Error(`balance of ${path} stayed ${last}`);
}

export async function openAccount(page: Page, baseUrl: string, path: string): Promise<void> {
  if (!page.url().endsWith('/wallet/account')) throw new Error(`not on the account list: ${page.url()}`);
  await card(page, path).getByTestId('account-open').click();
  await page.waitForURL(`${baseUrl}/wallet/account/information`);
  await page.getByTestId('account-name').waitFor();
}

/** Approves every prompt on the virtual screen until `done` resolves. */
export async function approveUntil(
  page: Page,
  done: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return;
    const approve = page.getByTestId('emulator-approve');
    if (await approve.isVisible().catch(() => false)) await approve.click().catch(() => undefined);
    await page.waitForTimeout(200);
  }
  throw new Error('the device flow did not finish');
}

/** Receive modal: confirm on the virtual screen; returns the address shown (and checks the device saw the path). */
export async function receiveAddress(page: Page): Promise<string> {
  await page.getByTestId('account-receive').click();
  const address = (await page.getByTestId('receive-address').innerText()).trim();
  await page.getByTestId('receive-verify').click();
  await page.getByTestId('virtual-screen-prompt').waitFor();
  await page.getByTestId('emulator-approve').click();
  await page.getByTestId('receive-verified').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('receive-verified').waitFor({ state: 'detached' });
  return address;
}

export interface SendOptions {
  recipient: string;
  amount?: string;
  sendAll?: boolean;
}

/** Send modal from the account page: details → sign on the virtual screen → broadcast → status. */
export async function send(page: Page, o: SendOptions): Promise<string> {
  await page.getByTestId('account-send').click();
  await page.getByTestId('send-available').waitFor();
  await page.getByTestId('send-recipient').fill(o.recipient);
  if (o.sendAll) {
    // By keyboard: the recipient's history notice can appear just then and move the switch under a pointer click.
    const all = page.getByTestId('send-all');
    await all.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="send-all"]')?.checked,
    );
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLInputElement>('[data-testid="send-amount"]');
      return !!el && el.value !== '';
    });
  } else await page.getByTestId('send-amount').fill(o.amount ?? '');
  const cont = page.getByTestId('send-continue');
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('[data-testid="send-continue"]')?.disabled,
  );
  await cont.click();
  await page.getByTestId('send-sign').click();
  await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
  await page.getByTestId('send-broadcast').click();
  await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
  const txid = (await page.getByTestId('send-txid').innerText()).trim();
  await page.getByTestId('send-done').click();
  return txid;
}

/**
 * The speed-up modal, opened from a pending history item: (CPFP: once the recipient is prefilled) next, sign on the
 * virtual screen, broadcast; the new transaction's id. The modal stays open on its success step.
 */
export async function confirmSpeedUp(page: Page, kind: 'rbf' | 'cpfp'): Promise<string> {
  if (kind === 'cpfp') {
    await page.getByTestId('speed-up-recipient').waitFor();
    await page.waitForFunction(
      () => !!document.querySelector<HTMLInputElement>('[data-testid="speed-up-recipient"]')?.value,
    );
  }
  await page.getByTestId('speed-up-next').click();
  await page.getByTestId('speed-up-sign').click();
  await approveUntil(page, () => page.getByTestId('speed-up-broadcast').isVisible());
  await page.getByTestId('speed-up-broadcast').click();
  await page.getByTestId('speed-up-success').waitFor();
  return (await page.getByTestId('speed-up-txid').innerText()).trim();
}
