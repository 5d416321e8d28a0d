/**
 * TRON end to end (issue 15) in Chromium with the emulator, against the real server and localnet's TRON simulator:
 * the funded accounts are discovered with their bandwidth and energy, receive is confirmed on the device, TRX goes to
 * an activated address and to a new one (the activation fee shown before signing and charged), the TRC-20 token is
 * sent with enough energy and then without (the burn is shown in the review, then seen on the balance), the TRC-10
 * asset is sent, err-39 stops a send TRX cannot cover, and a transaction signed by the wrong key is refused by the
 * simulator through the server.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { rawDataHex, serializeSignedTransaction, txIdOf } from '@secux-companion/chain-tron';
import { SigningKey } from 'tronweb/utils';
import { card, openAccount, receiveAddress } from './bitcoin-helpers';
import {
  continueEnabled as continueEnabledOn,
  discoveredPaths,
  fillSend,
  sentHash,
  signAndSubmit,
  toAccount,
  useWalletPage,
} from './account-helpers';

const stack = await useStack('tron');
const { baseUrl } = stack;
const tron = stack.tron;

const P0 = "m/44'/195'/0'";
const P1 = "m/44'/195'/1'";
/** Never funded: activated by the test's TRX send. */
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** Never funded either: the err-39 case. */
const NEW2 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function node(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${tron.url}/wallet/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
}
const sun = async (address: string) =>
  BigInt(((await node('getaccount', { address, visible: true })).balance as number | undefined) ?? 0);
const block = () => fetch(`${tron.controlUrl}block`, { method: 'POST' });
/** Cents as the app writes US dollars: $1,320.00. */
const usd = (cents: bigint) =>
  `$${(cents / 100n).toLocaleString('en-US')}.${(cents % 100n).toString().padStart(2, '0')}`;

describe('TRON through the UI with the emulator', () => {
  let page: Page;
  const warnings = useWalletPage({ name: 'tron', baseUrl, onPage: (p) => (page = p) });
  const A0 = tron.accounts[0]!.address;
  const A1 = tron.accounts[1]!.address;

  const toAccount0 = () => toAccount(page, baseUrl, P0);
  const continueEnabled = () => continueEnabledOn(page);
  const fill = async (recipient: string, amount: string) => {
    await fillSend(page, recipient, amount);
    await continueEnabled();
  };
  /** Continue → the review's burn sentence → sign on the device → broadcast → the txid. */
  const review = async () => {
    await page.getByTestId('send-continue').click();
    await page.getByTestId('review-burn-sentence').waitFor({ timeout: 30_000 });
    return (await page.getByTestId('review-burn-sentence').innerText()).trim();
  };
  const signAndBroadcast = async () => {
    await signAndSubmit(page);
    return sentHash(page);
  };
  const tokenSend = async (symbol: string) => {
    await toAccount0();
    await page.getByTestId('tab-tokens').click();
    await page.getByTestId(`trx-token-${symbol}`).getByTestId('trx-token-send').click({ timeout: 30_000 });
  };
  /** "burns about X TRX" → X in sun. */
  const burnOf = (sentence: string) => {
    const m = /burns about ([\d.]+) TRX/.exec(sentence);
    if (!m) return 0n;
    const [w, f = ''] = m[1]!.split('.');
    return BigInt(w!) * 1_000_000n + BigInt(f.padEnd(6, '0'));
  };

  it('discovers the funded TRX accounts with bandwidth and energy, and receives on a device-confirmed address', async () => {
    const paths = await discoveredPaths(page, baseUrl, 'TRX');
    expect(paths).toEqual([P0, P1]);
    await expect(card(page, P0).getByTestId('account-balance').innerText()).resolves.toMatch(
      /^10,000(\.0+)? TRX$/,
    );
    // The local price table's 0.12 USD per TRX values the portfolio (it said 'Price N/A' without TRX's price id).
    const sunTotal = tron.accounts.slice(0, 2).reduce((sum, a) => sum + BigInt(a.balanceSun), 0n);
    await expect
      .poll(() => page.getByTestId('portfolio-fiat').innerText(), { timeout: 15_000 })
      .toBe(usd((sunTotal * 12n) / 1_000_000n));
    await openAccount(page, baseUrl, P0);
    await expect(page.getByTestId('trx-energy').innerText()).resolves.toContain('Energy 100000 of 100000');
    await expect(page.getByTestId('trx-bandwidth').innerText()).resolves.toContain('of 600');
    expect(await receiveAddress(page)).toBe(A0);
  });

  it('the Tokens tab values the TRC-20 token by its contract through the price service; the TRC-10 asset has none', async () => {
    await toAccount0();
    await page.getByTestId('tab-tokens').click();
    // the local price table: LUSDT at 1 USD (it said 'Price N/A' before: the tab read a tokenPriceInTrx nothing sent)
    const lusdt = BigInt(tron.accounts[0]!.trc20);
    await expect
      .poll(() => page.getByTestId('trx-token-LUSDT').getByTestId('trx-token-value').innerText(), {
        timeout: 30_000,
      })
      .toBe(usd(lusdt / 10_000n));
    await expect(page.getByTestId('trx-token-LTA').getByTestId('trx-token-value').innerText()).resolves.toBe(
      'Price N/A',
    );
  });

  it('sends TRX to an activated address: nothing burned while the free bandwidth lasts', async () => {
    await toAccount0();
    const before = await sun(A0);
    await page.getByTestId('account-send').click();
    await fill(A1, '1.5');
    const sentence = await review();
    expect(sentence).toContain('burns no TRX');
    await signAndBroadcast();
    expect(await sun(A0)).toBe(before - 1_500_000n);
  });

  it('sends TRX to a new address: the activation fee is shown before signing and charged', async () => {
    await toAccount0();
    const before = await sun(A0);
    await page.getByTestId('account-send').click();
    await fill(NEW, '2');
    await page.getByTestId('trx-activation-note').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('trx-activation-note').innerText()).resolves.toContain('1.1 TRX');
    await review();
    await expect(page.getByTestId('review-activation-fee').innerText()).resolves.toContain('1.1 TRX');
    await signAndBroadcast();
    expect(await sun(NEW)).toBe(2_000_000n);
    expect(await sun(A0)).toBe(before - 2_000_000n - 1_100_000n);
  });

  it('sends the TRC-20 token with enough energy, then without: the burn is shown, then seen on the balance', async () => {
    await tokenSend('LUSDT');
    await fill(A1, '10');
    const first = await review();
    expect(first).toContain('100000 energy');
    let before = await sun(A0);
    await signAndBroadcast();
    expect(before - (await sun(A0))).toBe(burnOf(first)); // energy covered: only bandwidth, if any
    await block();
    await tokenSend('LUSDT');
    await fill(A1, '10');
    const second = await review();
    expect(second).toMatch(/burns about [\d.]+ TRX because the account has 35000 energy/);
    expect(burnOf(second)).toBeGreaterThanOrEqual(3_000_000n); // 30,000 energy short at 100 sun
    before = await sun(A0);
    await signAndBroadcast();
    expect(before - (await sun(A0))).toBe(burnOf(second));
  });

  it('sends the TRC-10 asset', async () => {
    await tokenSend('LTA');
    await fill(A1, '5');
    await review();
    await signAndBroadcast();
    const acc = await node('getaccount', { address: A1, visible: true });
    expect(acc.assetV2).toEqual([{ key: tron.trc10.id, value: 5 }]);
  });

  it('err-39: a send whose activation TRX cannot cover is stopped before signing', async () => {
    if (page.url().endsWith('/wallet/account/information')) await page.getByTestId('back-button').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await openAccount(page, baseUrl, P1);
    const balance = await sun(A1);
    await page.getByTestId('account-send').click();
    await fill(NEW2, (Number(balance) / 1e6).toString());
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-error').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('send-error').innerText()).resolves.toContain(
      'Insufficient TRX balance to pay the network fee and the account creation fee.',
    );
    expect(await sun(A1)).toBe(balance);
  });

  it('a transaction signed by the wrong key is refused by the simulator (through the server)', async () => {
    const head = (await node('getnowblock', {})) as {
      blockID: string;
      block_header: { raw_data: { number: number; timestamp: number } };
    };
    const tx = {
      kind: 'trx' as const,
      from: A0,
      to: A1,
      amount: 1_000_000,
      blockID: head.blockID,
      blockNumber: head.block_header.raw_data.number,
      timestamp: head.block_header.raw_data.timestamp,
      expiration: head.block_header.raw_data.timestamp + 60_000,
    };
    const raw = rawDataHex(tx);
    const sig = new SigningKey('0x' + '66'.repeat(32)).sign(`0x${txIdOf(raw)}`);
    const signature = `${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`;
    const before = await sun(A0);
    const res = await fetch(`${baseUrl}/api/chains/TRX/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: serializeSignedTransaction(raw, [signature]) }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('validate signature error');
    expect(await sun(A0)).toBe(before);
  });

  it('every broadcast reached the transaction log', () => {
    expect(warnings.filter((w) => w.startsWith('transaction log failed'))).toEqual([]);
  });
});
