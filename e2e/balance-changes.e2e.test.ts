/**
 * Balance changes before signing (issue 32 item 1) in Chromium with the emulator, against the real server and this
 * file's own local chains: the review of a Solana token send shows the exact changes LiteSVM computes (the sender's
 * SOL: fee and the new token account's rent; the token leaving; the recipient's token arriving), Sign goes ahead, and
 * what lands on chain is what the review said; an ETH send's review shows the changes anvil's eth_simulateV1 gives
 * (the sender: amount + fee; the recipient: the amount); an XRP payment's review shows the changes of the ledger's
 * `simulate`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStack } from './stack';
import { openAccount, openCoin } from './bitcoin-helpers';
import { ethBalance, receiptStatus, rpc as evmRpc } from './evm-helpers';
import {
  continueEnabled,
  discoveredPaths,
  fillSend,
  sentHash,
  signAndSubmit,
  useWalletPage,
} from './account-helpers';

const stack = await useStack('balance-changes');
const { baseUrl } = stack;
const sol = stack.solana;

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await r.json()) as { result: T }).result;
}

/** '−0.00204428 SOL' → -2044280n (decimals 9): the review's text back to the smallest unit. */
function unitsOf(text: string, decimals: number): bigint {
  const m = /^([−+])?([\d,]+)(?:\.(\d+))? /.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const v = BigInt(whole.replaceAll(',', '') + frac.padEnd(decimals, '0'));
  return sign === '\u2212' ? -v : v;
}

/** The review's balance changes: [party, asset, text] per row. */
async function shownChanges(page: Page): Promise<[string, string, string][]> {
  await page.getByTestId('send-sim-table').waitFor({ timeout: 30_000 });
  return page
    .getByTestId('send-sim-delta')
    .evaluateAll((rows) =>
      rows.map((r) => [
        r.getAttribute('data-who') ?? '',
        r.getAttribute('data-asset') ?? '',
        r.querySelector('[data-testid="send-sim-amount"]')?.textContent ?? '',
      ]),
    );
}

describe('balance changes on the review, computed by the chain', () => {
  let page: Page;
  useWalletPage({ name: 'balance-changes', baseUrl, onPage: (p) => (page = p) });

  it('a Solana token send: the review shows the exact changes, and they are what lands', async () => {
    const url = sol.rpcUrls[0]!;
    const A0 = sol.accounts[0]!.address;
    const A1 = sol.accounts[1]!.address;
    const LUSDC = sol.tokens.find((t) => t.program === 'spl-token')!;
    const solOf = async (a: string) => BigInt((await rpc<{ value: number }>(url, 'getBalance', [a])).value);
    const tokenOf = async (owner: string) => {
      const r = await rpc<{
        value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
      }>(url, 'getTokenAccountsByOwner', [owner, { mint: LUSDC.mint }, { encoding: 'jsonParsed' }]);
      return r.value.length ? BigInt(r.value[0]!.account.data.parsed.info.tokenAmount.amount) : 0n;
    };

    await discoveredPaths(page, baseUrl, 'SOL');
    await openAccount(page, baseUrl, "m/44'/501'/0'");
    await page.getByTestId('tab-tokens').click();
    await page.getByTestId('sol-token-LUSDC').getByTestId('sol-token-send').click({ timeout: 30_000 });
    await fillSend(page, A1, '2.5');
    await continueEnabled(page);
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });

    const shown = await shownChanges(page);
    const rent = 2_039_280n; // a 165-byte token account's rent-exempt minimum, as the review's rent row says
    await expect(page.getByTestId('review-rent').innerText()).resolves.toMatch(/^0\.00203928 SOL/);
    const fee = unitsOf((await page.getByTestId('send-sim-fee').innerText()).split(': ')[1]!, 9);
    expect(fee).toBeGreaterThanOrEqual(5000n);
    expect(shown).toEqual([
      ['self', 'SOL', expect.stringMatching(/^−0\.\d+ SOL$/)],
      ['self', LUSDC.mint, '−2.5 LUSDC'],
      ['recipient', LUSDC.mint, '+2.5 LUSDC'],
    ]);
    expect(unitsOf(shown[0]![2], 9)).toBe(-(fee + rent));
    await expect(page.getByTestId('send-sim-locked').innerText()).resolves.toContain('0.00203928 SOL');
    expect(await page.getByTestId('send-sim-blocked').count()).toBe(0);

    const [sol0, tok0, tok1] = [await solOf(A0), await tokenOf(A0), await tokenOf(A1)];
    await signAndSubmit(page);
    await sentHash(page);
    expect(await solOf(A0)).toBe(sol0 - fee - rent);
    expect(await tokenOf(A0)).toBe(tok0 - 2_500_000n);
    expect(await tokenOf(A1)).toBe(tok1 + 2_500_000n);
  });

  it("an ETH send: the review shows the sender's amount + fee and the recipient's amount, as the chain simulates them", async () => {
    const evm = stack.localnet.evm;
    const me = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'; // ETH account 0 (m/44'/60'/0'/0/0)
    const recipient = evm.accounts[4]!.address;
    await openCoin(page, baseUrl, 'ETH');
    await openAccount(page, baseUrl, "m/44'/60'/0'");
    await page.getByTestId('account-send').click();
    await fillSend(page, recipient, '0.1');
    await continueEnabled(page);
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });

    const shown = await shownChanges(page);
    const fee = unitsOf((await page.getByTestId('send-sim-fee').innerText()).split(': ')[1]!, 18);
    expect(fee).toBeGreaterThan(0n);
    expect(shown).toEqual([
      ['self', 'ETH', expect.stringMatching(/^−0\.1\d* ETH$/)],
      ['recipient', 'ETH', '+0.1 ETH'],
    ]);
    expect(unitsOf(shown[0]![2], 18)).toBe(-(10n ** 17n + fee));
    expect(await page.getByTestId('send-sim-blocked').count()).toBe(0);

    const [mine, theirs] = [await ethBalance(evm.rpcUrl, me), await ethBalance(evm.rpcUrl, recipient)];
    await signAndSubmit(page);
    const hash = await sentHash(page);
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    expect((await ethBalance(evm.rpcUrl, recipient)) - theirs).toBe(10n ** 17n);
    // What the sender paid: the amount and gas used × the price the block charged (the simulation's 21 000 gas).
    const r = await evmRpc<{ gasUsed: string; effectiveGasPrice: string }>(
      evm.rpcUrl,
      'eth_getTransactionReceipt',
      [hash],
    );
    expect(BigInt(r.gasUsed)).toBe(21_000n);
    expect(mine - (await ethBalance(evm.rpcUrl, me))).toBe(
      10n ** 17n + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice),
    );
  });
  it("an XRP payment: the review shows the ledger's simulated changes, and they are what lands", async () => {
    const xrpl = stack.xrpl;
    const [A0, A1] = [xrpl.accounts[0]!.address, xrpl.accounts[1]!.address];
    const balance = async (account: string) => {
      const r = await fetch(xrpl.rpcUrl, {
        method: 'POST',
        body: JSON.stringify({ method: 'account_info', params: [{ account, ledger_index: 'current' }] }),
      });
      return BigInt(
        ((await r.json()) as { result: { account_data: { Balance: string } } }).result.account_data.Balance,
      );
    };
    await openCoin(page, baseUrl, 'XRP');
    await openAccount(page, baseUrl, "m/44'/144'/0'");
    await page.getByTestId('account-send').click();
    await fillSend(page, A1, '1.5');
    await continueEnabled(page);
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-review').waitFor({ timeout: 30_000 });

    const shown = await shownChanges(page);
    const fee = unitsOf((await page.getByTestId('send-sim-fee').innerText()).split(': ')[1]!, 6);
    expect(fee).toBeGreaterThan(0n);
    expect(shown).toEqual([
      ['self', 'XRP', expect.stringMatching(/^−1\.5\d* XRP$/)],
      ['recipient', 'XRP', '+1.5 XRP'],
    ]);
    expect(unitsOf(shown[0]![2], 6)).toBe(-(1_500_000n + fee));

    const [mine, theirs] = [await balance(A0), await balance(A1)];
    await signAndSubmit(page);
    await sentHash(page);
    expect(await balance(A1)).toBe(theirs + 1_500_000n);
    expect(await balance(A0)).toBe(mine - 1_500_000n - fee);
  });
});
