/**
 * FIO payment requests end to end (issue 17) in Chromium with the emulator, against the real server, localnet's FIO
 * simulator and litecoind regtest: the emulator's two FIO accounts (emulator@secux and payer@secux) exchange
 * requests through the Domain page's request manager. payer@secux requests LTC from emulator@secux; the request is
 * pending on both sides with its memo decrypted by the device; emulator@secux pays it (select account → invoice →
 * LTC's own send → recordobt), the LTC moves on regtest and the request is Fulfilled; an ADA request is rejectable
 * but not payable and is rejected; another is cancelled by its payee. axe checks the manager, the select-account
 * modal and the invoice in English, and, while that other request is pending, in Traditional Chinese and Portuguese.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { buildFioAction, fioPushBody } from '@secux-companion/chain-fio';
import { DEFAULT_MNEMONIC, mnemonicToRoot } from '@secux-companion/localnet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';
import { approveUntil, connectEmulator, ltcNode, openAccount, openCoin } from './bitcoin-helpers';
import { continueEnabled } from './account-helpers';
import { axeViolations } from './axe-helpers';
import { runFioAction } from './fio-helpers';

const browser = useBrowser();
const stack = await useStack('fio-requests');
const { baseUrl } = stack;
const fio = stack.fio;
const ltc = stack.localnet.ltc;

const PAYEE = 'payer@secux'; // the emulator's second FIO account (100 bundled transactions)
const PAYER = 'emulator@secux'; // the first
const MEMO = `e2e dinner ${'x'.repeat(50)}`; // two 50-character chunks
const ADA_ADDRESS =
  'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp';

async function node(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${fio.apiUrl}/v1/chain/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
}

/** The newest request payer@secux has sent (the simulator's own list). */
async function newestSentId(): Promise<number> {
  const r = await node('get_sent_fio_requests', {
    fio_public_key: fio.accounts[1]!.publicKey,
    limit: 100,
    offset: 0,
  });
  const ids = ((r.requests ?? []) as { fio_request_id: number }[]).map((x) => Number(x.fio_request_id));
  return Math.max(...ids);
}

/** Maps an ADA address to payer@secux outside the app (the app maps only chains it holds accounts of). */
async function mapAda(): Promise<void> {
  const info = await (await fetch(`${baseUrl}/api/chains/FIO/fio/chain`)).json();
  const abi = await (await fetch(`${baseUrl}/api/chains/FIO/fio/abi/fio.address`)).json();
  const priv = mnemonicToRoot(DEFAULT_MNEMONIC).derive("m/44'/235'/1'/0/0").privateKey!;
  const key = (
    Ecc.PrivateKey as unknown as { fromBuffer(b: Buffer): { toPublic(): { toString(): string } } }
  ).fromBuffer(Buffer.from(priv));
  expect(String(key.toPublic().toString())).toBe(fio.accounts[1]!.publicKey);
  const tx = await buildFioAction({
    kind: 'addPublicAddress',
    actor: Fio.accountHash(fio.accounts[1]!.publicKey),
    fields: {
      fio_address: PAYEE,
      public_addresses: [{ chain_code: 'ADA', token_code: 'ADA', public_address: ADA_ADDRESS }],
    },
    fee: 0n,
    tpid: '',
    chain: info,
    abis: [abi],
  });
  const sig = String(Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), key as never).toString());
  const r = await fetch(`${baseUrl}/api/chains/FIO/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rawTx: JSON.stringify(fioPushBody(tx, sig)) }),
  });
  expect(r.status).toBe(200);
}

/** axe's violations, each named with its screen. */
async function axe(page: Page, screen: string): Promise<string[]> {
  return (await axeViolations(page, screen)).map((rule) => `${screen}: ${rule}`);
}

/** Connects the emulator and opens the Domain page with both handles listed. */
async function toDomainPage(page: Page): Promise<void> {
  await connectEmulator(page, baseUrl);
  await openCoin(page, baseUrl, 'LTC'); // the LTC accounts go to the device's table (paying, mapping)
  await openCoin(page, baseUrl, 'FIO'); // both FIO accounts go to the device's table
  await openAccount(page, baseUrl, "m/44'/235'/0'");
  await page.getByTestId('fio-domain-link').click();
  await page.waitForURL(`${baseUrl}/wallet/domain`);
  await page.getByTestId(`fio-handle-${PAYEE}`).waitFor({ timeout: 30_000 });
}

describe('FIO payment requests through the UI with the emulator', () => {
  let context: BrowserContext;
  let page: Page;
  let paidId = 0;
  const ltcRpc = ltcNode(ltc);

  const card = (type: 'sent' | 'received', id: number): Locator =>
    page.getByTestId(`fio-request-${type}-${id}`);
  const select = async (testId: string, option: string) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const manager = async () => {
    await page.getByTestId('fio-request-new').waitFor({ timeout: 30_000 });
  };
  const historyTab = () => page.getByTestId('fio-requests-history-tab').click();
  const pendingTab = () => page.getByTestId('fio-requests-pending-tab').click();

  /** New request from payer@secux to emulator@secux; returns its id once listed on both sides. */
  const newRequest = async (chain: 'LTC' | 'ADA', amount: string, memo: string): Promise<number> => {
    await page.getByTestId('fio-request-new').click();
    await select('fio-request-payee', PAYEE);
    await page.getByTestId('fio-request-payer').fill(PAYER);
    await page.getByText('Registered', { exact: true }).waitFor({ timeout: 15_000 });
    await select('fio-request-chain', chain);
    await page.getByTestId('fio-request-amount').fill(amount);
    await page.getByTestId('fio-request-memo').fill(memo);
    await runFioAction(page);
    const id = await newestSentId();
    await manager();
    await card('sent', id).waitFor({ timeout: 30_000 });
    await card('received', id).waitFor({ timeout: 30_000 });
    return id;
  };

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    await toDomainPage(page);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({
          path: `test-results/fio-requests-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
        })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('requests LTC from one handle to the other: pending on both sides with the memo the device decrypts', async () => {
    // payer@secux is paid on LTC at an address mapped through the Assign modal.
    const handle = page.getByTestId(`fio-handle-${PAYEE}`);
    await handle.getByTestId('fio-assign').click();
    await select('fio-assign-chain', 'LTC');
    await page.getByTestId('fio-assign-account').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('fio-assign-next').click();
    await page.getByTestId('fio-assign-address').waitFor({ timeout: 30_000 });
    await page.getByTestId('fio-assign-run').click();
    await approveUntil(page, async () => (await handle.getByTestId('fio-mapped-card').count()) > 0);

    await page.getByTestId('fio-request').click();
    await manager();
    const id = await newRequest('LTC', '0.5', MEMO);
    paidId = id;
    const sent = card('sent', id);
    const received = card('received', id);
    await expect(sent.getByTestId('fio-request-status').textContent()).resolves.toBe('Request');
    await expect(received.getByTestId('fio-request-status').textContent()).resolves.toBe('Pending');
    for (const c of [sent, received]) {
      await expect(c.getByTestId('fio-request-amount').innerText()).resolves.toBe('0.5 LTC');
      // The memo, decrypted, in 50-character chunks.
      const text = (await c.getByTestId('fio-request-memo').innerText()).split('\n').filter(Boolean).slice(1);
      expect(text).toEqual([MEMO.slice(0, 50), MEMO.slice(50)]);
    }
    // On chain the content is stored encrypted, never as text.
    const onChain = await node('get_received_fio_requests', {
      fio_public_key: fio.accounts[0]!.publicKey,
      limit: 100,
      offset: 0,
    });
    expect(JSON.stringify(onChain)).not.toContain('e2e dinner');
    expect(await axe(page, 'request manager')).toEqual([]);
  });

  it('pays it: select account, invoice, the LTC send prefilled, LTC moves on regtest, then Fulfilled', async () => {
    const mapped = String(
      (await node('get_pub_address', { fio_address: PAYEE, chain_code: 'LTC', token_code: 'LTC' }))
        .public_address,
    );
    await card('received', paidId).getByTestId('fio-request-pay').click();
    const choose = page.locator('[data-testid="fio-select-choose"]:not([disabled])').first();
    await choose.waitFor({ timeout: 60_000 });
    expect(await axe(page, 'select account')).toEqual([]);
    await choose.click();
    await expect(page.getByTestId('fio-invoice-amount').innerText()).resolves.toBe('0.5 LTC');
    expect(await axe(page, 'invoice modal')).toEqual([]);
    await page.getByTestId('fio-invoice-memo').fill('paid from the e2e');
    await page.getByTestId('fio-invoice-pay').click();

    // LTC's own send, prefilled with the payee's mapped address and the amount.
    await page.getByTestId('send-available').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('send-recipient').inputValue()).resolves.toBe(mapped);
    await expect(page.getByTestId('send-amount').inputValue()).resolves.toBe('0.5');
    await continueEnabled(page);
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-sign').click({ timeout: 30_000 });
    await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
    await page.getByTestId('send-broadcast').click();
    await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
    await page.getByTestId('send-done').click();

    // The record on FIO: 'Confirm on device' while it is signed.
    await approveUntil(page, () => page.getByTestId('fio-invoice-paid').isVisible());
    const txid = (await page.getByTestId('fio-invoice-txid').innerText()).trim();
    // The LTC moved on regtest: the payment pays the payee's mapped address 0.5 LTC.
    const tx = await ltcRpc.call<{
      vout: { value: number; scriptPubKey: { address?: string; addresses?: string[] } }[];
    }>('getrawtransaction', [txid, true]);
    const paid = tx.vout.filter((o) =>
      [o.scriptPubKey.address, ...(o.scriptPubKey.addresses ?? [])].includes(mapped),
    );
    expect(paid.map((o) => o.value)).toEqual([0.5]);
    await page.getByTestId('fio-invoice-close').click();

    await manager();
    await historyTab();
    for (const type of ['sent', 'received'] as const)
      await card(type, paidId)
        .getByTestId('fio-request-status')
        .filter({ hasText: 'Fulfilled' })
        .waitFor({ timeout: 30_000 });
    const record = await node('get_sent_fio_requests', {
      fio_public_key: fio.accounts[1]!.publicKey,
      limit: 100,
      offset: 0,
    });
    expect(
      (record.requests as { fio_request_id: number; status: string }[]).find(
        (r) => Number(r.fio_request_id) === paidId,
      )?.status,
    ).toBe('sent_to_blockchain');
    await pendingTab();
  });

  /**
   * axe on the request manager, the select-account modal and the invoice in one more language: a fresh browser
   * context in that locale opens the Domain page as `beforeAll` does and the pending request `id`.
   */
  const inLanguage = async (locale: string, id: number): Promise<string[]> => {
    const other = await newContext(browser(), { locale });
    try {
      const p = await other.newPage();
      await toDomainPage(p);
      await p.getByTestId('fio-request').click();
      const received = p.getByTestId(`fio-request-received-${id}`);
      await received.getByTestId('fio-request-pay').waitFor({ timeout: 60_000 });
      const rules = await axe(p, `${locale} request manager`);
      await received.getByTestId('fio-request-pay').click();
      const choose = p.locator('[data-testid="fio-select-choose"]:not([disabled])').first();
      await choose.waitFor({ timeout: 60_000 });
      rules.push(...(await axe(p, `${locale} select account`)));
      await choose.click();
      await p.getByTestId('fio-invoice-amount').waitFor();
      rules.push(...(await axe(p, `${locale} invoice`)));
      return rules;
    } finally {
      await other.close();
    }
  };

  it('an ADA request can be rejected but not paid; another request, checked by axe in zh-TW and pt, is cancelled by its payee', async () => {
    await mapAda();
    const ada = await newRequest('ADA', '12', 'ada please');
    const received = card('received', ada);
    await expect(received.getByTestId('fio-request-not-supported').innerText()).resolves.toBe(
      'Paying ADA requests is not supported.',
    );
    expect(await received.getByTestId('fio-request-pay').count()).toBe(0);
    await received.getByTestId('fio-request-reject').click();
    await approveUntil(page, () => page.getByTestId('fio-action-success').isVisible());
    await page.getByTestId('fio-action-close').click();

    const other = await newRequest('LTC', '0.1', 'never mind');
    const found = await Promise.all(['zh-TW', 'pt-BR'].map((locale) => inLanguage(locale, other)));
    expect(found.flat()).toEqual([]);
    await card('sent', other).getByTestId('fio-request-cancel').click();
    await approveUntil(page, () => page.getByTestId('fio-action-success').isVisible());
    await page.getByTestId('fio-action-close').click();

    await manager();
    await historyTab();
    await card('received', ada)
      .getByTestId('fio-request-status')
      .filter({ hasText: 'Rejected' })
      .waitFor({ timeout: 30_000 });
    await card('sent', other)
      .getByTestId('fio-request-status')
      .filter({ hasText: 'Cancelled' })
      .waitFor({ timeout: 30_000 });
  }, 240_000);
});
