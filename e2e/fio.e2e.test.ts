/**
 * FIO end to end (issue 16) in Chromium with the emulator, against the real server and localnet's FIO simulator: the
 * funded FIO account's balance; the Domain page with the emulator's handle (5 bundled: the low-bundle alert) and
 * domain; registering a handle on 'secux' and a domain of its own; renewing the domain (new expiry on chain); adding
 * bundled transactions; transferring a domain; mapping an LTC address to the new handle and sending LTC to
 * name@domain, which resolves in the send form; and a transaction signed by another key than the actor's, refused by
 * the simulator through the server.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { buildFioAction, fioPushBody } from '@secux-companion/chain-fio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';
import { approveUntil, card, connectEmulator, openAccount, openCoin } from './bitcoin-helpers';
import { continueEnabled } from './account-helpers';
import { runFioAction } from './fio-helpers';

const browser = useBrowser();
const stack = await useStack('fio');
const { baseUrl } = stack;
const fio = stack.fio;

const P0 = "m/44'/235'/0'";
const STRANGER = String(Ecc.PrivateKey.fromSeed('fio e2e stranger').toPublic().toString());

async function node(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${fio.apiUrl}/v1/chain/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
}

describe('FIO through the UI with the emulator', () => {
  let context: BrowserContext;
  let page: Page;
  const me = fio.accounts[0]!.publicKey;

  /** Runs the action modal from Details to Status. */
  const runAction = () => runFioAction(page);

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({ path: `test-results/fio-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the funded FIO account shows its balance, available, staked and locked', async () => {
    await openCoin(page, baseUrl, 'LTC'); // the LTC accounts go to the device's table (mapped later)
    await openCoin(page, baseUrl, 'FIO');
    await expect(card(page, P0).getByTestId('account-balance').innerText()).resolves.toMatch(
      /^1,000(\.0+)? FIO$/,
    );
    await openAccount(page, baseUrl, P0);
    await expect(page.getByTestId('fio-available').innerText()).resolves.toMatch(
      /Available 1,000(\.0+)? FIO/,
    );
    await expect(page.getByTestId('fio-staked').innerText()).resolves.toMatch(/Staked 0(\.0+)? FIO/);
    await expect(page.getByTestId('fio-locked').innerText()).resolves.toMatch(/Locked 0(\.0+)? FIO/);
  });

  it("the Domain page lists the account's handle (low-bundle alert) and domain", async () => {
    await page.getByTestId('fio-domain-link').click();
    await page.waitForURL(`${baseUrl}/wallet/domain`);
    const handle = page.getByTestId('fio-handle-emulator@secux');
    await handle.waitFor({ timeout: 30_000 });
    await expect(handle.getByTestId('fio-bundled').innerText()).resolves.toContain('5');
    await handle.getByTestId('fio-low-bundles').waitFor();
    await page.getByTestId('fio-domain-emulator').waitFor();
  });

  it("registers a handle on 'secux' (availability checked) and a domain of its own", async () => {
    await page.getByTestId('fio-register').click();
    await page.getByTestId('fio-register-handle').click();
    await page.getByTestId('fio-name-input').fill('emulator');
    await page
      .getByTestId('fio-availability')
      .filter({ hasText: 'not available' })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('fio-name-input').fill('alice');
    await page.getByTestId('fio-availability').filter({ hasText: 'Available' }).waitFor({ timeout: 15_000 });
    await runAction();
    await page.getByTestId('fio-handle-alice@secux').waitFor({ timeout: 30_000 });

    await page.getByTestId('fio-register').click();
    await page.getByTestId('fio-register-domain').click();
    await page.getByTestId('fio-name-input').fill('emulator');
    await page
      .getByTestId('fio-availability')
      .filter({ hasText: 'already registered' })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('fio-name-input').fill('alicedomain');
    await page.getByTestId('fio-availability').filter({ hasText: 'Available' }).waitFor({ timeout: 15_000 });
    await runAction();
    await page.getByTestId('fio-domain-alicedomain').waitFor({ timeout: 30_000 });
    const domains = (await node('get_fio_domains', { fio_public_key: me })).fio_domains as {
      fio_domain: string;
    }[];
    expect(domains.map((d) => d.fio_domain)).toContain('alicedomain');
  });

  it('renews the domain (+365 days on chain, the new expiry shown) and transfers the other one', async () => {
    const expiry = async () =>
      (
        (await node('get_fio_domains', { fio_public_key: me })).fio_domains as {
          fio_domain: string;
          expiration: string;
        }[]
      ).find((d) => d.fio_domain === 'alicedomain')!.expiration;
    const before = await expiry();
    const row = page.getByTestId('fio-domain-alicedomain');
    const shownBefore = await row.getByTestId('fio-domain-expiry').innerText();
    await row.getByTestId('fio-domain-renew').click();
    await runAction();
    const after = await expiry();
    expect(Date.parse(`${after}Z`) - Date.parse(`${before}Z`)).toBe(365 * 86_400_000);
    await page.waitForFunction(
      (old) =>
        document.querySelector('[data-testid="fio-domain-alicedomain"] [data-testid="fio-domain-expiry"]')
          ?.textContent !== old,
      shownBefore,
      { timeout: 30_000 },
    );

    await page.getByTestId('fio-domain-emulator').getByTestId('fio-domain-transfer').click();
    await page.getByTestId('fio-transfer-recipient').fill(STRANGER);
    await runAction();
    await page.getByTestId('fio-domain-emulator').waitFor({ state: 'detached', timeout: 30_000 });
    expect((await node('get_fio_domains', { fio_public_key: STRANGER })).fio_domains).toMatchObject([
      { fio_domain: 'emulator' },
    ]);
  });

  it('adds bundled transactions: +100 and the low-bundle alert goes away', async () => {
    const handle = page.getByTestId('fio-handle-emulator@secux');
    await handle.getByTestId('fio-add-bundled').click();
    await runAction();
    await handle.getByTestId('fio-bundled').filter({ hasText: '105' }).waitFor({ timeout: 30_000 });
    expect(await handle.getByTestId('fio-low-bundles').count()).toBe(0);
  });

  it(
    'maps an LTC address to the new handle, then LTC sent to alice@secux goes to it',
    async () => {
      const handle = page.getByTestId('fio-handle-alice@secux');
      await handle.getByTestId('fio-assign').click();
      await page.getByTestId('fio-assign-chain').click();
      await page.getByRole('option', { name: 'LTC', exact: true }).click();
      await page.getByTestId('fio-assign-account').click();
      await page.getByRole('option').first().click();
      await page.getByTestId('fio-assign-next').click();
      const mapped = (await page.getByTestId('fio-assign-address').innerText({ timeout: 30_000 })).trim();
      await page.getByTestId('fio-assign-run').click();
      await approveUntil(page, async () => (await handle.getByTestId('fio-mapped-card').count()) > 0);
      const onChain = await node('get_pub_address', {
        fio_address: 'alice@secux',
        chain_code: 'LTC',
        token_code: 'LTC',
      });
      expect(onChain.public_address).toBe(mapped);

      await openCoin(page, baseUrl, 'LTC');
      await page.getByTestId('account-card').first().getByTestId('account-open').click();
      await page.waitForURL(`${baseUrl}/wallet/account/information`);
      await page.getByTestId('account-send').click();
      await page.getByTestId('send-available').waitFor();
      await page.getByTestId('send-recipient').fill('alice@secux');
      await page.waitForFunction(
        (addr) => document.querySelector<HTMLInputElement>('[data-testid="send-recipient"]')?.value === addr,
        mapped,
        { timeout: 30_000 },
      );
      await page.getByText('Resolved from alice@secux').waitFor();
      // The send goes to the mapped address.
      await page.getByTestId('send-amount').fill('0.1');
      await continueEnabled(page);
      await page.getByTestId('send-continue').click();
      await page.getByTestId('review-recipient').waitFor({ timeout: 30_000 });
      expect((await page.getByTestId('review-recipient').innerText()).replace(/\s/g, '')).toContain(mapped);
      await page.getByTestId('send-sign').click();
      await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
      await page.getByTestId('send-broadcast').click();
      await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
      await page.getByTestId('send-done').click();
      await page.waitForURL(`${baseUrl}/wallet/account`);
      await page.getByTestId('account-card').first().getByTestId('account-open').click();
      await page.waitForURL(`${baseUrl}/wallet/account/information`);
      await page.getByTestId('account-send').click();
      await page.getByTestId('send-available').waitFor();
      await page.getByTestId('send-recipient').fill('bob@secux');
      await page.getByText('Can not resolve domain on LTC').waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
    },
  );

  it("a transaction signed by another key than the actor's is refused by the simulator", async () => {
    const info = (await (await fetch(`${baseUrl}/api/chains/FIO/fio/chain`)).json()) as {
      chainId: string;
      block: { block_num: number; id: string; timestamp: string };
    };
    const abi = (await (await fetch(`${baseUrl}/api/chains/FIO/fio/abi/fio.token`)).json()) as {
      account_name: string;
      abi: string;
    };
    const tx = await buildFioAction({
      kind: 'transferTokens',
      actor: Fio.accountHash(me),
      fields: { payee_public_key: STRANGER, amount: '1000000000' },
      fee: 2_000_000_000n,
      tpid: '',
      chain: info,
      abis: [abi],
    });
    const sig = String(
      Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), Ecc.PrivateKey.fromSeed('mallory')).toString(),
    );
    const r = await fetch(`${baseUrl}/api/chains/FIO/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: JSON.stringify(fioPushBody(tx, sig)) }),
    });
    expect(r.status).toBe(422);
    // nodeos's answer to a key that is not the actor's (401 unsatisfied_authorization, 3090003), refused as final
    expect(((await r.json()) as { error: string }).error).toMatch(
      /^Provided keys, permissions, and delays do not satisfy declared authorizations/,
    );
  });
});
