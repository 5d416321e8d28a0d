/**
 * FIO staking end to end (issue 17) in Chromium with the emulator, against the real server and localnet's FIO
 * simulator: the emulator's first FIO account stakes through the account page's Stake button — it does not vote yet,
 * so the flow first proxies its vote to the default proxy (and says so), as FIO requires — and the page then shows the
 * staked balance the chain holds; it unstakes part and sees the locked amount and its unlock date 7 days on. axe
 * (WCAG 2 A + AA) checks every step of the stake modal.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { useWalletPage } from './account-helpers';
import { axeViolations } from './axe-helpers';
import { approveUntil, openAccount, openCoin } from './bitcoin-helpers';

const stack = await useStack('fio-staking');
const { baseUrl } = stack;
const fio = stack.fio;
const P0 = "m/44'/235'/0'";
const SUF = 1_000_000_000n;

async function balance(publicKey: string): Promise<{ available: bigint; staked: bigint }> {
  const r = await fetch(`${fio.apiUrl}/v1/chain/get_fio_balance`, {
    method: 'POST',
    body: JSON.stringify({ fio_public_key: publicKey }),
  });
  const b = (await r.json()) as { available: number | string; staked: number | string };
  return { available: BigInt(b.available), staked: BigInt(b.staked) };
}

/** A FIO amount of the page ('Staked 1,020 FIO') in SUF. */
function sufOf(text: string): bigint {
  const m = /([\d,]+)(?:\.(\d+))? FIO/.exec(text);
  if (!m) throw new Error(`no FIO amount in ${text}`);
  return BigInt(m[1]!.replace(/,/g, '')) * SUF + BigInt((m[2] ?? '').padEnd(9, '0'));
}

/** axe on the open stake modal, each violation named with its step. */
async function axeModal(page: Page, step: string): Promise<string[]> {
  return (await axeViolations(page, step, '[role="dialog"]')).map((rule) => `${step}: ${rule}`);
}

describe('FIO staking through the UI with the emulator', () => {
  let page: Page;
  useWalletPage({ name: 'fio-staking', baseUrl, onPage: (p) => (page = p) });
  const me = () => fio.accounts[0]!.publicKey;

  /** Form → Signature (approved on the emulator) → Confirmation → Status → Close, with axe on each step. */
  async function runFlow(amount: string, found: string[], expectVote: boolean) {
    await page.getByTestId('fio-stake-amount').fill(amount);
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="fio-stake-next"]')?.disabled,
      undefined,
      { timeout: 30_000 },
    );
    if (expectVote) {
      await expect(page.getByTestId('fio-stake-vote-note').innerText()).resolves.toMatch(
        /proxy its vote to \S+/,
      );
    }
    found.push(...(await axeModal(page, 'form')));
    await page.getByTestId('fio-stake-next').click();
    await page.getByTestId('fio-stake-digest').waitFor({ timeout: 30_000 });
    if (expectVote) {
      await expect(page.getByTestId('fio-stake-signing').innerText()).resolves.toMatch(
        /proxy this account's vote/,
      );
    }
    found.push(...(await axeModal(page, 'signature')));
    await approveUntil(page, () => page.getByTestId('fio-stake-broadcast').isVisible());
    found.push(...(await axeModal(page, 'confirmation')));
    await page.getByTestId('fio-stake-broadcast').click();
    await page.getByTestId('fio-stake-success').waitFor({ timeout: 30_000 });
    found.push(...(await axeModal(page, 'status')));
  }

  it('stakes (proxying the vote first) and the account page shows the staked balance', async () => {
    await openCoin(page, baseUrl, 'FIO');
    await openAccount(page, baseUrl, P0);
    const before = await balance(me());
    await page.getByTestId('fio-staked').waitFor();
    expect(sufOf(await page.getByTestId('fio-staked').innerText())).toBe(before.staked);

    await page.getByTestId('fio-stake').click();
    await page.getByTestId('fio-stake-amount').waitFor();
    await expect(page.getByRole('dialog').innerText()).resolves.toMatch(/Stake Process/);
    const found: string[] = [];
    await runFlow('20', found, true);
    await expect(page.getByTestId('fio-stake-vote-txid').innerText()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('fio-stake-txid').innerText()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('fio-stake-close').click();

    const after = await balance(me());
    expect(after.staked).toBe(before.staked + 20n * SUF);
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="fio-staked"]')?.textContent?.includes(want),
      `Staked ${(after.staked / SUF).toLocaleString('en-US')}`,
      { timeout: 30_000 },
    );
    expect(sufOf(await page.getByTestId('fio-staked').innerText())).toBe(after.staked);
    // Close returned to the account, which shows the staking service's 7-day APR with 2 decimals.
    expect(page.url()).toBe(`${baseUrl}/wallet/account/information`);
    await expect(page.getByTestId('fio-apr').innerText()).resolves.toMatch(/^APR \(7 days\): \d+\.\d{2}%$/);
    expect(found).toEqual([]);
  });

  it('unstakes part: the locked amount and its unlock date 7 days on', async () => {
    const before = await balance(me());
    await page.getByTestId('fio-unstake').click();
    await page.getByTestId('fio-stake-amount').waitFor();
    await expect(page.getByTestId('fio-stake-lock-note').innerText()).resolves.toMatch(/locked for 7 days/);
    const found: string[] = [];
    const started = Date.now();
    await runFlow('5', found, false);
    const week = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(started + 7 * 86_400_000),
    );
    await expect(page.getByTestId('fio-stake-unlock').innerText()).resolves.toContain(week);
    await page.getByTestId('fio-stake-close').click();

    const after = await balance(me());
    expect(after.staked).toBe(before.staked - 5n * SUF);
    await page.waitForFunction(() => !!document.querySelector('[data-testid="fio-unlock"]'), undefined, {
      timeout: 30_000,
    });
    const unlock = await page.getByTestId('fio-unlock').innerText();
    expect(sufOf(unlock)).toBe(5n * SUF);
    expect(unlock).toContain(week);
    expect(sufOf(await page.getByTestId('fio-locked').innerText())).toBe(5n * SUF);
    expect(sufOf(await page.getByTestId('fio-staked').innerText())).toBe(after.staked);
    expect(found).toEqual([]);
  });
});
