/**
 * Solana end to end (issue 14) in Chromium with the emulator, against the real server and localnet's LiteSVM node:
 * the funded SOL accounts are discovered and receive is confirmed on the device; SOL is sent; an SPL token goes to a
 * recipient without a token account (the send creates it and the review shows its rent); the Token-2022 token's
 * transfer fee is shown and withheld; a token account that requires incoming memos makes the memo field mandatory with
 * its reason, and the user's typed memo lands on chain right before the transfer; a blockhash that expires while the device is confirming is rebuilt and signed
 * again, and the stale transaction never reaches the node.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { getBase58Encoder } from '@solana/kit';
import { approveUntil, card, openAccount, receiveAddress } from './bitcoin-helpers';
import {
  continueEnabled as continueEnabledOn,
  discoveredPaths,
  fillSend,
  sentHash,
  signAndSubmit,
  toAccount,
  useWalletPage,
} from './account-helpers';

const stack = await useStack('solana');
const { baseUrl } = stack;
const sol = stack.solana;

const P0 = "m/44'/501'/0'";
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const P1 = "m/44'/501'/1'";

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const r = await fetch(sol.rpcUrls[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await r.json()) as { result: T }).result;
}
const balanceOf = async (a: string) => BigInt((await rpc<{ value: number }>('getBalance', [a])).value);
const tokenBalance = async (owner: string, mint: string) => {
  const r = await rpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
  }>('getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed' }]);
  return r.value.length ? BigInt(r.value[0]!.account.data.parsed.info.tokenAmount.amount) : null;
};
const signatures = async (a: string) =>
  (await rpc<unknown[]>('getSignaturesForAddress', [a, { limit: 1000 }])).length;

describe('Solana through the UI with the emulator', () => {
  let page: Page;
  useWalletPage({ name: 'solana', baseUrl, onPage: (p) => (page = p) });
  const A0 = sol.accounts[0]!.address;
  const A1 = sol.accounts[1]!.address;
  const LUSDC = sol.tokens.find((t) => t.program === 'spl-token')!;
  const LFEE = sol.tokens.find((t) => t.program === 'spl-token-2022')!;

  const toAccount0 = () => toAccount(page, baseUrl, P0);
  const continueEnabled = () => continueEnabledOn(page);
  const fill = async (recipient: string, amount: string) => {
    await fillSend(page, recipient, amount);
    await continueEnabled();
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });
  };
  const signAndBroadcast = async () => {
    await signAndSubmit(page);
    return sentHash(page);
  };
  const tokenSend = async (symbol: string) => {
    await toAccount0();
    await page.getByTestId('tab-tokens').click();
    await page.getByTestId(`sol-token-${symbol}`).getByTestId('sol-token-send').click({ timeout: 30_000 });
  };

  it('discovers the funded SOL accounts with their tokens and receives on a device-confirmed address', async () => {
    const paths = await discoveredPaths(page, baseUrl, 'SOL');
    expect(paths).toEqual([P0, P1]);
    await expect(card(page, P0).getByTestId('account-balance').innerText()).resolves.toMatch(
      /^20(\.0+)? SOL$/,
    );
    await openAccount(page, baseUrl, P0);
    await page.getByTestId('tab-tokens').click();
    await expect(page.getByTestId('sol-token-LUSDC').innerText()).resolves.toMatch(/\bSPL\b/i);
    await expect(page.getByTestId('sol-token-LUSDC').innerText()).resolves.not.toMatch(/Token-2022/i);
    await expect(page.getByTestId('sol-token-LFEE').innerText()).resolves.toMatch(/Token-2022/i);
    // Listed tokens carry no mark; the one named only by its Metaplex metadata account is marked unverified.
    expect(await page.getByTestId('sol-token-LUSDC').getByTestId('sol-token-unverified').count()).toBe(0);
    const lmpx = page.getByTestId('sol-token-LMPX');
    await expect(lmpx.innerText()).resolves.toContain('Local Metaplex Token');
    await expect(lmpx.getByTestId('sol-token-unverified').innerText()).resolves.toMatch(/unverified/i);
    expect(await receiveAddress(page)).toBe(A0);
  });

  it('sends SOL with an optional memo; the network fee and memo are in the review and the recipient receives the amount', async () => {
    await toAccount0();
    const before = await balanceOf(A1);
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    await page.getByTestId('send-recipient').fill(A1);
    await page.getByTestId('send-amount').fill('0.5');
    expect(await page.getByTestId('memo-tag-reason').count()).toBe(0);
    await page.getByTestId('memo-tag-enabled').check();
    await page.getByTestId('memo-tag-input').fill('rent 11/2026');
    await continueEnabled();
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('send-review').innerText()).resolves.toContain('Network fee');
    await expect(page.getByTestId('review-memo').innerText()).resolves.toContain('rent 11/2026');
    const hash = await signAndBroadcast();
    expect(await balanceOf(A1)).toBe(before + 500_000_000n);
    const tx = await rpc<{
      transaction: { message: { instructions: { programId: string; data: string }[] } };
    }>('getTransaction', [hash, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
    const memo = tx.transaction.message.instructions.find((i) => i.programId === MEMO_PROGRAM);
    expect(new TextDecoder().decode(getBase58Encoder().encode(memo!.data))).toBe('rent 11/2026');
  });

  it('sends an SPL token to a recipient without a token account: the account is created and its rent shown', async () => {
    expect(await tokenBalance(A1, LUSDC.mint)).toBeNull();
    await tokenSend('LUSDC');
    await fill(A1, '2.5');
    const review = await page.getByTestId('send-review').innerText();
    expect(review).toContain('Recipient token account rent');
    await expect(page.getByTestId('review-rent').innerText()).resolves.toMatch(/0\.00203928 SOL/);
    await signAndBroadcast();
    expect(await tokenBalance(A1, LUSDC.mint)).toBe(2_500_000n);
  });

  it('sends the Token-2022 token: its transfer fee is shown and withheld from what arrives', async () => {
    await tokenSend('LFEE');
    await fill(A1, '10');
    await expect(page.getByTestId('review-transfer-fee').innerText()).resolves.toMatch(/^0\.1 LFEE/);
    await expect(page.getByTestId('review-recipient-gets').innerText()).resolves.toMatch(/^9\.9 LFEE/);
    await expect(page.getByTestId('review-rent').innerText()).resolves.toMatch(/SOL/);
    await signAndBroadcast();
    expect(await tokenBalance(A1, LFEE.mint)).toBe(9_900_000n);
  });

  it("a memo-required recipient: the memo is mandatory with its reason, and the user's memo lands on chain", async () => {
    const { owner, tokenAccount } = sol.memoRequired;
    const before = (await tokenBalance(owner, LFEE.mint)) ?? 0n;
    await tokenSend('LFEE');
    await page.getByTestId('send-available').waitFor();
    await page.getByTestId('send-recipient').fill(owner);
    await page.getByTestId('send-amount').fill('1');
    await page.getByTestId('memo-tag-reason').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('memo-tag-reason').innerText()).resolves.toContain('requires a memo');
    expect(await page.getByTestId('send-continue').isDisabled()).toBe(true);
    await page.getByTestId('memo-tag-input').fill('exchange ref 7731');
    await continueEnabled();
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('review-memo').innerText()).resolves.toContain('exchange ref 7731');
    const hash = await signAndBroadcast();
    // 1 LFEE less the 1 % transfer fee arrived: Token-2022 accepted the memo.
    expect(await tokenBalance(owner, LFEE.mint)).toBe(before + 990_000n);
    const tx = await rpc<{
      transaction: { message: { instructions: { programId: string; accounts: string[]; data: string }[] } };
    }>('getTransaction', [hash, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
    const ixs = tx.transaction.message.instructions;
    const at = ixs.findIndex((i) => i.programId === MEMO_PROGRAM);
    expect(new TextDecoder().decode(getBase58Encoder().encode(ixs[at]!.data))).toBe('exchange ref 7731');
    // the memo is the instruction right before the transfer into the memo-required account
    expect(ixs[at + 1]!.accounts).toContain(tokenAccount);
    expect(ixs.filter((i) => i.programId === MEMO_PROGRAM)).toHaveLength(1);
  });

  it('a blockhash that expires while the device confirms is rebuilt and signed again, never broadcast stale', async () => {
    await toAccount0();
    const sigsBefore = await signatures(A0);
    const before = await balanceOf(A1);
    await page.getByTestId('account-send').click();
    await fill(A1, '0.25');
    await page.getByTestId('send-sign').click();
    await page.getByTestId('virtual-screen-prompt').waitFor({ timeout: 30_000 });
    await page.getByTestId('sol-blockhash-countdown').waitFor();
    await expect(page.getByTestId('sol-blockhash-countdown').innerText()).resolves.toMatch(
      /valid for about \d+ s/,
    );
    // 151 blocks pass while the user looks at the device: the blockhash it is signing expires.
    const r = await fetch(`${sol.controlUrl}/advance`, {
      method: 'POST',
      body: JSON.stringify({ blocks: 151 }),
    });
    expect(r.ok).toBe(true);
    await page.getByTestId('emulator-approve').click();
    await page.getByTestId('sol-blockhash-resign').waitFor({ timeout: 30_000 });
    await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
    await page.getByTestId('send-broadcast').click();
    await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
    await page.getByTestId('send-done').click();
    expect(await balanceOf(A1)).toBe(before + 250_000_000n);
    // exactly one transaction reached the node: the re-signed one
    expect(await signatures(A0)).toBe(sigsBefore + 1);
  });
});
