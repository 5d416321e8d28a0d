/** Page flows and chain checks of the EVM account screens, shared by the evm-*.e2e tests. */
import type { Page } from 'playwright-core';
import { approveUntil } from './bitcoin-helpers';

export async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

/** Waits for the receipt of `hash` (mining a block when needed); returns its status ('0x1' success). */
export async function receiptStatus(rpcUrl: string, hash: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await rpc<{ status: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (r) return r.status;
    await rpc(rpcUrl, 'evm_mine', []).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no receipt for ${hash}`);
}

export async function ethBalance(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));
}

/** ERC-20 balanceOf / ERC-721 ownerOf / ERC-1155 balanceOf through eth_call. */
export async function call(rpcUrl: string, to: string, data: string): Promise<string> {
  return rpc<string>(rpcUrl, 'eth_call', [{ to, data }, 'latest']);
}

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
export const erc20BalanceOf = (owner: string) => `0x70a08231${word(owner)}`;
export const erc721OwnerOf = (id: bigint) => `0x6352211e${word(id.toString(16))}`;
export const erc1155BalanceOf = (owner: string, id: bigint) => `0x00fdd58e${word(owner)}${word(id.toString(16))}`;

export function evmCard(page: Page, path: string) {
  return page.locator(`[data-testid="account-card"][data-path="${path}"]`);
}

export interface EvmSendOptions {
  recipient: string;
  amount?: string;
  /** Token contract chosen in the asset selector. */
  token?: string;
  /** The send modal is already open (NFT send from the asset modal). */
  opened?: boolean;
}

/** Send modal from the account page: details → sign on the virtual screen → broadcast → status. Returns the hash. */
export async function evmSend(page: Page, o: EvmSendOptions): Promise<string> {
  if (!o.opened) await page.getByTestId('account-send').click();
  await page.getByTestId('send-available').waitFor();
  if (o.token) await page.getByTestId('send-asset').selectOption(o.token);
  await page.getByTestId('send-recipient').fill(o.recipient);
  if (o.amount !== undefined) await page.getByTestId('send-amount').fill(o.amount);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="send-continue"]')?.disabled, undefined, {
    timeout: 30_000,
  });
  await page.getByTestId('send-continue').click();
  return signAndBroadcast(page);
}

/** From Verification: sign (approved on the virtual screen), broadcast, read the hash, Done. */
export async function signAndBroadcast(page: Page): Promise<string> {
  await page.getByTestId('send-sign').click({ timeout: 30_000 });
  await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
  await page.getByTestId('send-broadcast').click();
  await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
  const hash = (await page.getByTestId('send-txid').innerText()).trim();
  await page.getByTestId('send-done').click();
  return hash;
}
