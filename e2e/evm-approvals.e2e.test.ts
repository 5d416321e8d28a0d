/**
 * The approvals manager end to end (issue 32): the local EVM chain's approvals account (m/44'/60'/4', which approves
 * at start and which no other suite moves) shows its live approvals on the Approvals tab, found from the chain's
 * events and checked against the contracts; the LUSD one given without limit is revoked on the emulator through the
 * send flow, followed to confirmed, and the allowance reads 0 on the node afterwards. The tab is axe-clean in en,
 * zh-TW and pt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { useStack } from './stack';
import { newContext, useBrowser } from './browser';
import { approveUntil, connectEmulator, openCoin } from './bitcoin-helpers';
import { axeViolations } from './axe-helpers';
import { LOCALES } from './a11y-helpers';
import { call, evmCard, receiptStatus, rpc } from './evm-helpers';

const browser = useBrowser();
const stack = await useStack('evm-approvals');
const { baseUrl } = stack;
const evm = stack.localnet.evm;

const P4 = "m/44'/60'/4'";
const owner = evm.accounts[4]!.address;

const allowance = async (spender: string) =>
  BigInt(
    await call(
      evm.rpcUrl,
      evm.contracts.erc20,
      encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, spender as Address] }),
    ),
  );

async function openApprovals(page: Page) {
  await openCoin(page, baseUrl, 'ETH');
  await evmCard(page, P4).getByTestId('account-open').click();
  await page.waitForURL(`${baseUrl}/wallet/account/information`);
  await page.getByTestId('tab-approvals').click();
  await page.getByTestId('approvals-table').waitFor({ timeout: 60_000 });
}

describe('approvals manager on the local EVM chain with the emulator', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({
          path: `test-results/evm-approvals-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
        })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lists the live approvals found from the events; the ended ones are not shown', async () => {
    await openApprovals(page);
    const rows = page.getByTestId('approval-row');
    await expect(rows.count()).resolves.toBe(4);
    const kinds = await rows.evaluateAll((els) =>
      els
        .map((e) => `${e.getAttribute('data-kind')}:${e.getAttribute('data-contract')?.toLowerCase()}`)
        .sort(),
    );
    expect(kinds).toEqual(
      [
        `ERC1155:${evm.contracts.erc1155.toLowerCase()}`,
        `ERC20:${evm.contracts.erc20.toLowerCase()}`,
        `ERC20:${evm.contracts.erc20.toLowerCase()}`,
        `ERC721:${evm.contracts.erc721.toLowerCase()}`,
      ].sort(),
    );
    const lusd = page.locator(`[data-testid="approval-row"][data-kind="ERC20"]`);
    const amounts = await lusd.getByTestId('approval-amount').allTextContents();
    expect(amounts.sort()).toEqual(['250 LUSD', 'Unlimited']);
  });

  it('revokes the unlimited LUSD approval on the device: confirmed, the allowance reads 0, the row is gone', async () => {
    const row = page.locator('[data-testid="approval-row"][data-kind="ERC20"]', {
      has: page.locator('[data-testid="approval-amount"][data-kind="unlimited"]'),
    });
    const spender = (await row.getAttribute('data-spender'))!;
    expect(await allowance(spender)).toBe(2n ** 256n - 1n);

    await row.getByTestId('approval-revoke').click();
    await expect(page.getByTestId('revoke-details').innerText()).resolves.toContain(spender);
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="revoke-continue"]')?.disabled,
      undefined,
      { timeout: 30_000 },
    );
    await page.getByTestId('revoke-continue').click();
    // The review names the contract called and the spender whose approval ends, with the fee.
    await page.getByTestId('revoke-review-spender').waitFor({ timeout: 30_000 });
    const spaced = (s: string) => s.replace(/\s/g, '');
    expect(spaced(await page.getByTestId('revoke-review-spender').innerText())).toBe(spender);
    expect(spaced(await page.getByTestId('revoke-review-contract').innerText())).toBe(evm.contracts.erc20);
    await expect(page.getByTestId('review-fee').innerText()).resolves.toMatch(/ETH/);
    // The chain's own run of it (eth_simulateV1): a fee and nothing that blocks the signature.
    await page.getByTestId('send-sim-fee').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('send-sim-blocked').count()).resolves.toBe(0);
    expect(await axeViolations(page, 'revoke review', '[role="dialog"]')).toEqual([]);

    // Signed on the device, broadcast, then followed until the chain calls it final.
    await page.getByTestId('send-sign').click({ timeout: 30_000 });
    await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
    await page.getByTestId('send-broadcast').click();
    await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
    const hash = (await page.getByTestId('send-txid').innerText()).trim();
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const deadline = Date.now() + 90_000;
    while (
      (await page.getByTestId('send-tx-state').getAttribute('data-state')) !== 'confirmed' &&
      Date.now() < deadline
    ) {
      await rpc(evm.rpcUrl, 'anvil_mine', ['0x4']).catch(() => rpc(evm.rpcUrl, 'evm_mine', []));
      await page.waitForTimeout(1000);
    }
    await expect(page.getByTestId('send-tx-state').getAttribute('data-state')).resolves.toBe('confirmed');

    expect(await allowance(spender)).toBe(0n);
    await page.getByTestId('send-done').click();
    await page.locator(`[data-testid="approval-row"][data-spender="${spender}"][data-kind="ERC20"]`).waitFor({
      state: 'detached',
      timeout: 30_000,
    });
    await expect(page.getByTestId('approval-row').count()).resolves.toBe(3);
  });

  it('the Approvals tab is axe-clean in en, zh-TW and pt', async () => {
    const found: string[] = [];
    for (const [locale] of LOCALES) {
      const ctx = await newContext(browser(), { locale });
      const p = await ctx.newPage();
      try {
        await connectEmulator(p, baseUrl);
        await openCoin(p, baseUrl, 'ETH');
        await evmCard(p, P4).getByTestId('account-open').click();
        await p.getByTestId('tab-approvals').click();
        await p.getByTestId('approvals-table').waitFor({ timeout: 60_000 });
        found.push(...(await axeViolations(p, `approvals ${locale}`)).map((v) => `${locale}: ${v}`));
      } finally {
        await ctx.close();
      }
    }
    expect(found).toEqual([]);
  });
});
