/**
 * XRP end to end (issue 13) in Chromium with the emulator, against the real server and localnet's XRP Ledger
 * simulator: the funded accounts are discovered, receive is confirmed on the device, a payment with a destination
 * tag goes to the recipient that requires one (the tag is mandatory with its reason), a first payment below the base
 * reserve to a new account is refused before signing and one above it activates the account, the busy answer ('Held
 * until escalated fee drops.') is the server-busy message and not a failure, and a blob signed by the wrong key is
 * refused by the ledger through the server.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { Wallet } from 'xrpl';
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

const stack = await useStack('xrp');
const { baseUrl } = stack;
const xrpl = stack.xrpl;

const P0 = "m/44'/144'/0'";
const P1 = "m/44'/144'/1'";
/** Never funded: activated by the test's first payment. */
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

async function rpc(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await fetch(xrpl.rpcUrl, { method: 'POST', body: JSON.stringify({ method, params: [params] }) });
  return ((await r.json()) as { result: Record<string, unknown> }).result;
}
async function control(what: 'busy' | 'close', body: unknown = {}): Promise<void> {
  const r = await fetch(xrpl.controlUrl + what, { method: 'POST', body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`control ${what}: ${r.status}`);
}
async function txsOf(
  address: string,
): Promise<{ hash: string; tx_json: Record<string, unknown>; meta: Record<string, unknown> }[]> {
  return (await rpc('account_tx', { account: address, limit: 50 })).transactions as never;
}

describe('XRP through the UI with the emulator', () => {
  let page: Page;
  const warnings = useWalletPage({
    name: 'xrp',
    baseUrl,
    onPage: (p) => (page = p),
    cleanup: () => control('busy', { busy: false }),
  });
  const A0 = xrpl.accounts[0]!.address;
  const A1 = xrpl.accounts[1]!.address;
  const TAGGED = xrpl.accounts.find((a) => a.requireDestinationTag)!.address;

  const toAccount0 = () => toAccount(page, baseUrl, P0);
  const details = async (recipient: string, amount: string) => {
    await page.getByTestId('account-send').click();
    await fillSend(page, recipient, amount);
  };
  const continueEnabled = () => continueEnabledOn(page);
  const signAndBroadcast = async () => {
    await page.getByTestId('send-continue').click();
    await signAndSubmit(page);
  };

  it('discovers the funded XRP accounts, shows the reserve note, and receives on a device-confirmed address', async () => {
    const paths = await discoveredPaths(page, baseUrl, 'XRP');
    expect(paths).toEqual([P0, P1]);
    await expect(card(page, P0).getByTestId('account-balance').innerText()).resolves.toMatch(
      /^1,000(\.0+)? XRP$/,
    );
    // The local price table's 0.6 USD per XRP values the portfolio (it said 'Price N/A' without XRP's price id).
    const drops = xrpl.accounts.slice(0, 2).reduce((sum, a) => sum + BigInt(a.balanceDrops), 0n);
    const cents = (drops * 60n) / 1_000_000n;
    const usd = `$${(cents / 100n).toLocaleString('en-US')}.${(cents % 100n).toString().padStart(2, '0')}`;
    await expect.poll(() => page.getByTestId('portfolio-fiat').innerText(), { timeout: 15_000 }).toBe(usd);
    // The note reads the reserves live from the ledger (1 XRP + 0.2 XRP per object on the simulator).
    await expect(page.getByTestId('account-list-note').innerText()).resolves.toContain('1 XRP, plus 0.2 XRP');
    await openAccount(page, baseUrl, P0);
    await expect(page.getByTestId('xrp-reserve').innerText()).resolves.toMatch(
      /Reserve 1(\.0+)? XRP · spendable 999(\.0+)? XRP/,
    );
    expect(await receiveAddress(page)).toBe(A0);
  });

  it('the tag-required recipient makes the tag mandatory with its reason; the payment carries the tag', async () => {
    await details(TAGGED, '3');
    await page.getByTestId('memo-tag-reason').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('send-continue').isDisabled()).resolves.toBe(true);
    await page.getByTestId('memo-tag-input').fill('4294967296');
    await expect(page.getByTestId('send-continue').isDisabled()).resolves.toBe(true);
    await page.getByTestId('memo-tag-input').fill('12345');
    await continueEnabled();
    await signAndBroadcast();
    // Accepted is not final: pending until a validated ledger holds it, then confirmed (tx-status, followed).
    const state = page.getByTestId('send-tx-state');
    await state.waitFor({ timeout: 60_000 });
    await expect(state.getAttribute('data-state')).resolves.toBe('pending');
    await expect(state.innerText()).resolves.toContain('Pending');
    await control('close');
    await page.locator('[data-testid="send-tx-state"][data-state="confirmed"]').waitFor({ timeout: 30_000 });
    await expect(state.innerText()).resolves.toBe('Confirmed by the network.');
    const hash = await sentHash(page);
    const tx = (await txsOf(TAGGED)).find((x) => x.hash === hash);
    expect(tx?.tx_json.DestinationTag).toBe(12345);
    expect(tx?.meta.TransactionResult).toBe('tesSUCCESS');
    // The history lists it with its tag.
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await openAccount(page, baseUrl, P0);
    await page.getByTestId('tab-history').click();
    const item = page.locator(`[data-testid="history-item"][data-hash="${hash}"]`);
    await item.waitFor({ timeout: 30_000 });
    await expect(item.getByTestId('history-tag').innerText()).resolves.toBe('Tag 12345');
  });

  it('refuses a first payment below the base reserve to a new account before signing; at the reserve it activates it', async () => {
    await toAccount0();
    await details(NEW, '0.5');
    await page.getByTestId('xrp-activation-error').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('xrp-activation-error').innerText()).resolves.toContain(
      'tecNO_DST_INSUF_XRP',
    );
    await expect(page.getByTestId('send-continue').isDisabled()).resolves.toBe(true);
    await page.getByTestId('send-amount').fill('2');
    await page.getByTestId('xrp-activation-note').waitFor();
    await continueEnabled();
    await page.getByTestId('send-continue').click();
    await expect(page.getByTestId('send-review').innerText()).resolves.toContain(
      "Activates the recipient's account with",
    );
    await signAndSubmit(page);
    await sentHash(page);
    const info = await rpc('account_info', { account: NEW });
    expect((info.account_data as { Balance: string }).Balance).toBe('2000000');
  });

  it("the ledger's busy answer is the server-busy message, not a failure; the payment applies later", async () => {
    await toAccount0();
    await control('busy', { busy: true });
    try {
      await details(A1, '1.25');
      await continueEnabled();
      await signAndBroadcast();
      await page.getByTestId('xrp-held-message').waitFor({ timeout: 60_000 });
      await expect(page.getByTestId('xrp-held-message').innerText()).resolves.toBe(
        'The server is busy. Please wait 20 seconds and check the transaction history.',
      );
      expect(await page.getByTestId('send-failed').count()).toBe(0);
      const hash = (await page.getByTestId('xrp-held-hash').innerText()).trim();
      await page.getByTestId('xrp-held-done').click();
      await control('busy', { busy: false });
      await control('close');
      const tx = (await txsOf(A1)).find((x) => x.hash === hash);
      expect(tx?.meta.TransactionResult).toBe('tesSUCCESS');
    } finally {
      await control('busy', { busy: false });
    }
  });

  it('a payment signed by the wrong key is refused by the ledger (through the server)', async () => {
    const mallory = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
    const seq = ((await rpc('account_info', { account: A0 })).account_data as { Sequence: number }).Sequence;
    const ledger = (await rpc('ledger_closed', {})).ledger_index as number;
    const { tx_blob } = mallory.sign({
      TransactionType: 'Payment',
      Account: A0,
      Destination: A1,
      Amount: '1000000',
      Fee: '12',
      Sequence: seq,
      LastLedgerSequence: ledger + 75,
    });
    const res = await fetch(`${baseUrl}/api/chains/XRP/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: tx_blob }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await res.json())).toContain("Transaction's public key is not authorized.");
    const after = ((await rpc('account_info', { account: A0 })).account_data as { Sequence: number })
      .Sequence;
    expect(after).toBe(seq);
  });

  it('every broadcast reached the transaction log', () => {
    expect(warnings.filter((w) => w.startsWith('transaction log failed'))).toEqual([]);
  });
});
