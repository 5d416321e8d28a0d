/**
 * EVM family end to end on the local EVM chain (issue 8): ETH accounts discovered from the emulator, send
 * ETH, add the LUSD token by contract and send it, send an NFT from the asset modal. One browser page walks
 * the scenario in order; every transaction is checked on the node.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { connectEmulator, openCoin } from './bitcoin-helpers';
import { call, erc20BalanceOf, erc721OwnerOf, ethBalance, evmCard, evmSend, receiptStatus } from './evm-helpers';

const baseUrl = inject('baseUrl');
const evm = inject('localnet').evm;

const P0 = "m/44'/60'/0'";
const ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('ETH on the local EVM chain through the UI with the emulator', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];
  const recipient = evm.accounts[3]!.address;

  const openAccount0 = async () => {
    if (page.url().endsWith('/wallet/account/information')) await page.getByTestId('back-button').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await evmCard(page, P0).getByTestId('account-open').click();
    await page.waitForURL(`${baseUrl}/wallet/account/information`);
    await page.getByTestId('account-name').waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page.screenshot({ path: `test-results/evm-eth-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` }).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('recovers the funded ETH accounts (one address per account) with 9 display digits', async () => {
    await openCoin(page, baseUrl, 'ETH');
    const cards = await page.getByTestId('account-card').evaluateAll((els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-address')]));
    expect(cards[0]).toEqual([P0, ACCOUNT0]);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    const text = await evmCard(page, P0).getByTestId('account-balance').innerText();
    expect(text).toMatch(/ ETH$/);
    expect(text.split('.')[1]?.replace(' ETH', '').length ?? 0).toBeLessThanOrEqual(9);
  });

  it('sends ETH, signed on the device', async () => {
    await openAccount0();
    const before = await ethBalance(evm.rpcUrl, recipient);
    const hash = await evmSend(page, { recipient, amount: '0.5' });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    expect((await ethBalance(evm.rpcUrl, recipient)) - before).toBe(500_000_000_000_000_000n);
    await page.waitForURL(`${baseUrl}/wallet/account`);
  });

  it('adds LUSD by contract (looked up, written to the device) and sends it', async () => {
    await openAccount0();
    await page.getByTestId('tab-tokens').click();
    await page.getByTestId('tokens-manage').click();
    // no known token yet: the add-token form opens directly
    await page.getByTestId('token-contract').fill('0x1234');
    await expect(page.getByTestId('token-add-confirm').isDisabled()).resolves.toBe(true);
    await page.getByTestId('token-contract').fill(evm.contracts.erc20);
    await page.getByTestId('token-lookup-symbol').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('token-lookup-symbol').innerText()).resolves.toBe('LUSD');
    await expect(page.getByTestId('token-lookup-decimals').innerText()).resolves.toBe('6');
    await page.getByTestId('token-add-confirm').click();
    const row = page.locator(`[data-testid="token-row"][data-contract="${evm.contracts.erc20}"]`);
    await row.getByTestId('token-switch').check({ force: true });
    await page.waitForFunction(
      (c) => document.querySelector<HTMLInputElement>(`[data-testid="token-row"][data-contract="${c}"] input[type="checkbox"]`)?.checked === true,
      evm.contracts.erc20,
      { timeout: 30_000 },
    );
    await page.getByTestId('tokens-done').click();
    const item = page.locator(`[data-testid="token-item"][data-contract="${evm.contracts.erc20}"]`);
    await item.waitFor({ timeout: 30_000 });
    await expect(item.getByTestId('token-balance').innerText()).resolves.toMatch(/ LUSD$/);

    const before = BigInt(await call(evm.rpcUrl, evm.contracts.erc20, erc20BalanceOf(recipient)));
    await item.getByTestId('token-send').click();
    const hash = await evmSend(page, { recipient, amount: '12.5', opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const after = BigInt(await call(evm.rpcUrl, evm.contracts.erc20, erc20BalanceOf(recipient)));
    expect(after - before).toBe(12_500_000n);
  });

  it('sends the LPUNK NFT from the asset modal', async (ctx) => {
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await openAccount0();
    await page.getByTestId('tab-nfts').click();
    const card = page.locator(`[data-testid="nft-card"][data-contract="${evm.contracts.erc721}" i]`).first();
    const empty = page.getByTestId('nft-empty');
    await Promise.race([card.waitFor({ timeout: 30_000 }), empty.waitFor({ timeout: 30_000 })]);
    if (await empty.isVisible()) {
      // The server's NFT listing (GET /api/chains/:chain/nfts/:address) is not served yet: nothing to send.
      const res = await fetch(`${baseUrl}/api/chains/ETH/nfts/${ACCOUNT0}`);
      if (res.status === 404) ctx.skip();
    }
    const tokenId = BigInt((await card.getAttribute('data-token-id')) ?? '0');
    await card.click();
    await page.getByTestId('nft-send').click();
    const hash = await evmSend(page, { recipient, opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const owner = await call(evm.rpcUrl, evm.contracts.erc721, erc721OwnerOf(tokenId));
    expect(owner.slice(-40).toLowerCase()).toBe(recipient.slice(2).toLowerCase());
  });
});
