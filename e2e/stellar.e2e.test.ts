/**
 * Stellar end to end (issue 13) in Chromium with the emulator, against the real server and localnet's Horizon
 * simulator: the funded XLM accounts are discovered (XLM sync rule) with the minimum-balance note, receive is
 * confirmed on the device, a payment to an inactive account is refused below a new account's minimum and above it
 * creates the account with createAccount and the doubled fee (said in the review), each memo type travels with a
 * payment, the SEP-29 memo-required recipient makes the memo mandatory with its reason, and an envelope signed by
 * the wrong key is refused by the simulator through the server (tx_bad_auth).
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import {
  Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
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

const stack = await useStack('stellar');
const { baseUrl } = stack;
const stellar = stack.stellar;

const P0 = "m/44'/148'/0'";
const P1 = "m/44'/148'/1'";
/** Never funded: created by the test's first payment. */
const NEW = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 77)).publicKey();

type Json = Record<string, unknown>;
async function horizon(path: string): Promise<{ status: number; body: Json }> {
  const r = await fetch(stellar.horizonUrl + path);
  return { status: r.status, body: (await r.json()) as Json };
}
const nativeBalance = async (id: string) =>
  ((await horizon(`/accounts/${id}`)).body.balances as { asset_type: string; balance: string }[]).find(
    (b) => b.asset_type === 'native',
  )?.balance;

describe('Stellar through the UI with the emulator', () => {
  let page: Page;
  const warnings = useWalletPage({ name: 'stellar', baseUrl, onPage: (p) => (page = p) });
  const A0 = stellar.accounts[0]!.address;
  const A1 = stellar.accounts[1]!.address;
  const EXCHANGE = stellar.accounts.find((a) => a.memoRequired)!.address;

  const toAccount0 = () => toAccount(page, baseUrl, P0);
  const details = async (recipient: string, amount: string) => {
    await page.getByTestId('account-send').click();
    await fillSend(page, recipient, amount);
  };
  const continueEnabled = () => continueEnabledOn(page);
  /** Continue → review → sign on the emulator → broadcast → the hash from the Status step. */
  const signAndBroadcast = async (review?: (text: string) => void): Promise<string> => {
    await page.getByTestId('send-continue').click();
    if (review) review(await page.getByTestId('send-review').innerText());
    await signAndSubmit(page);
    return sentHash(page);
  };
  const memo = async (type: 'Text' | 'ID' | 'Hash' | 'Return', value: string) => {
    if (!(await page.getByTestId('memo-tag-input').isVisible()))
      await page.getByTestId('memo-tag-enabled').click();
    await page.getByTestId('memo-tag-type').getByText(type, { exact: true }).click();
    await page.getByTestId('memo-tag-input').fill(value);
  };

  it('discovers the funded XLM accounts, shows the minimum-balance note, and receives on a device-confirmed address', async () => {
    const paths = await discoveredPaths(page, baseUrl, 'XLM');
    expect(paths).toEqual([P0, P1]);
    await expect(card(page, P0).getByTestId('account-balance').innerText()).resolves.toMatch(
      /^10,000(\.0+)? XLM$/,
    );
    // The note reads the base reserve live (0.5 XLM on the simulator, an empty account keeps 1 XLM).
    await expect(page.getByTestId('account-list-note').innerText()).resolves.toContain(
      '1 XLM for an empty account',
    );
    await openAccount(page, baseUrl, P0);
    await expect(page.getByTestId('xlm-minimum').innerText()).resolves.toMatch(
      /Minimum balance 1(\.0+)? XLM · available 9,999(\.0+)? XLM/,
    );
    expect(await receiveAddress(page)).toBe(A0);
  });

  it('sends to an inactive account: refused below the new-account minimum, then createAccount with the doubled fee', async () => {
    await details(NEW, '0.5');
    await page.getByTestId('xlm-create-error').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('xlm-create-error').innerText()).resolves.toContain('op_low_reserve');
    await expect(page.getByTestId('send-continue').isDisabled()).resolves.toBe(true);
    await page.getByTestId('send-amount').fill('2');
    await page.getByTestId('xlm-create-note').waitFor();
    await expect(page.getByTestId('xlm-fee').innerText()).resolves.toMatch(/0\.00002 XLM.*doubled/);
    await continueEnabled();
    const hash = await signAndBroadcast((review) => {
      expect(review).toContain('Creates the account');
      expect(review).toContain('0.00002');
    });
    expect(await nativeBalance(NEW)).toBe('2.0000000');
    const tx = (await horizon(`/transactions/${hash}`)).body;
    expect(tx).toMatchObject({ successful: true, fee_charged: '200' });
  });

  it('each memo type travels with the payment and the history shows it', async () => {
    const hex = 'ab'.repeat(32);
    const cases = [
      ['Text', 'invoice 42', 'text', 'invoice 42'],
      ['ID', '18446744073709551615', 'id', '18446744073709551615'],
      ['Hash', hex, 'hash', Buffer.from(hex, 'hex').toString('base64')],
      ['Return', hex, 'return', Buffer.from(hex, 'hex').toString('base64')],
    ] as const;
    let last = '';
    for (const [label, value, type, onChain] of cases) {
      await toAccount0();
      await details(A1, '1');
      await memo(label, value);
      await continueEnabled();
      const hash = await signAndBroadcast((review) => expect(review).toContain(value));
      expect((await horizon(`/transactions/${hash}`)).body).toMatchObject({ memo_type: type, memo: onChain });
      last = hash;
    }
    // The history lists the last one with its memo.
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await openAccount(page, baseUrl, P0);
    await page.getByTestId('tab-history').click();
    const item = page.locator(`[data-testid="history-item"][data-hash="${last}"]`);
    await item.waitFor({ timeout: 30_000 });
    await expect(item.getByTestId('history-memo').innerText()).resolves.toBe(`Memo return:${hex}`);
  });

  it('the memo-required recipient (SEP-29) makes the memo mandatory with its reason', async () => {
    await toAccount0();
    await details(EXCHANGE, '3');
    await page.getByTestId('memo-tag-reason').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('memo-tag-reason').innerText()).resolves.toContain('requires a memo');
    await expect(page.getByTestId('send-continue').isDisabled()).resolves.toBe(true);
    await memo('ID', '777');
    await continueEnabled();
    const hash = await signAndBroadcast();
    expect((await horizon(`/transactions/${hash}`)).body).toMatchObject({ memo_type: 'id', memo: '777' });
  });

  it('an envelope signed by the wrong key is refused by the simulator (through the server), nothing moves', async () => {
    const before = (await horizon(`/accounts/${A0}`)).body;
    const tx = new TransactionBuilder(new Account(A0, String(before.sequence)), {
      fee: '100',
      networkPassphrase: stellar.networkPassphrase,
    })
      .addOperation(Operation.payment({ destination: A1, asset: Asset.native(), amount: '1' }))
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(Keypair.fromRawEd25519Seed(Buffer.alloc(32, 66)));
    const res = await fetch(`${baseUrl}/api/chains/XLM/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: tx.toXDR() }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('tx_bad_auth');
    const after = (await horizon(`/accounts/${A0}`)).body;
    expect(after.sequence).toBe(before.sequence);
    expect(after.balances).toEqual(before.balances);
  });

  it('every broadcast reached the transaction log', () => {
    expect(warnings.filter((w) => w.startsWith('transaction log failed'))).toEqual([]);
  });
});
