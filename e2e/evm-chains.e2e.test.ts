/**
 * The EVM coins besides ETH (TETH, BSC, TBSC, XDC, HME), each on its own local anvil with its real chain id (issue 28):
 * with the emulator, per coin, the funded account is discovered, its address is confirmed on the device (Receive), coin
 * is sent to another address (signed for the coin's chain id, with the coin's fee rule: BSC and TBSC one network fee,
 * the others tiers) and the send shows in the history; the Tokens tab offers the local LUSD the account holds (and
 * the NFTs tab of TETH and XDC its LPUNK). One browser page walks the five coins in turn.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVM_COINS, LUSD_SUPPLY, evmCoinChainId, type EvmCoin } from '@secux-companion/localnet';
import { useStack } from './stack';
import { receiveAddress } from './bitcoin-helpers';
import { continueEnabled, discoveredPaths, fillSend, sentHash, signAndSubmit, toAccount, useWalletPage } from './account-helpers';
import { ethBalance, receiptStatus, rpc } from './evm-helpers';

const stack = await useStack('evm-chains');
const { baseUrl } = stack;

/** The unit each coin's amounts are shown in. */
const UNIT: Record<EvmCoin, string> = { TETH: 'ETH', BSC: 'BNB', TBSC: 'BNB', XDC: 'XDC', HME: 'HME' };
/** BSC and TBSC use the network's single fee (no fee selector); the others offer tiers (spec 01: hidden-fee chains). */
const SINGLE_FEE = new Set<EvmCoin>(['BSC', 'TBSC']);
const P0 = "m/44'/60'/0'";
/** The coins with an NFTs tab (spec 01 §2: TETH; spec 02 §7: XDC's NFTs by owner). */
const NFT_COINS = new Set<EvmCoin>(['TETH', 'XDC']);

describe('TETH, BSC, TBSC, XDC and HME on their local chains through the UI with the emulator', () => {
  let page: Page;
  useWalletPage({ name: 'evm-chains', baseUrl, onPage: (p) => (page = p) });

  it.each(EVM_COINS)('%s: the server runs it on its local chain with its own chain id', async (coin) => {
    const info = (await (await fetch(`${baseUrl}/api/chains/${coin}`)).json()) as { chainId?: number; source?: string };
    expect(info).toMatchObject({ chainId: evmCoinChainId(coin), source: 'local' });
    expect(stack.evmCoins[coin].chainId).toBe(evmCoinChainId(coin));
  });

  for (const coin of EVM_COINS) {
    it(`${coin}: discovers the funded account, receives on a device-confirmed address, sends, sees it in the history and its tokens`, async () => {
      const node = stack.evmCoins[coin];
      const owner = node.accounts[0]!.address;
      const recipient = node.accounts[3]!.address;
      const unit = UNIT[coin];

      // discover: the funded account 0 with its balance
      expect((await discoveredPaths(page, baseUrl, coin))[0]).toBe(P0);
      const card = page.locator(`[data-testid="account-card"][data-path="${P0}"]`);
      await expect(card.getAttribute('data-address')).resolves.toBe(owner);
      await expect(card.getByTestId('account-balance').innerText()).resolves.toMatch(new RegExp(`^100 ${unit}$`));

      // receive: the address the device confirmed (XDC shows its xdc form)
      await toAccount(page, baseUrl, P0);
      await expect(receiveAddress(page)).resolves.toBe(coin === 'XDC' ? `xdc${owner.slice(2)}` : owner);

      // send: the coin's fee rule in the form, signed for the coin's chain id
      const before = await ethBalance(node.rpcUrl, recipient);
      await page.getByTestId('account-send').click();
      await fillSend(page, recipient, '0.5');
      await expect(page.getByTestId('send-fee-mode').count()).resolves.toBe(SINGLE_FEE.has(coin) ? 0 : 1);
      await continueEnabled(page);
      await page.getByTestId('send-continue').click();
      await signAndSubmit(page);
      const hash = await sentHash(page);
      await expect(receiptStatus(node.rpcUrl, hash)).resolves.toBe('0x1');
      const tx = await rpc<{ chainId?: string; from: string }>(node.rpcUrl, 'eth_getTransactionByHash', [hash]);
      // anvil accepts a legacy transaction signed for another chain id: the chain id is checked here
      expect(Number(tx.chainId)).toBe(node.chainId);
      expect(tx.from.toLowerCase()).toBe(owner.toLowerCase());
      expect((await ethBalance(node.rpcUrl, recipient)) - before).toBe(500_000_000_000_000_000n);

      // history: the send, newest first
      await page.waitForURL(`${baseUrl}/wallet/account`);
      await toAccount(page, baseUrl, P0);
      await page.getByTestId('tab-history').click();
      const item = page.locator(`[data-testid="history-item"][data-hash="${hash}"]`);
      await item.waitFor({ timeout: 30_000 });
      await expect(item.getByTestId('history-amount').innerText()).resolves.toContain(`0.5 ${unit}`);

      // the screens' tokens: LUSD from the server's token list (and LPUNK on TETH and XDC, the NFT chains of the five)
      await page.getByTestId('tab-tokens').click();
      const lusd = page.locator(`[data-testid="token-found"][data-contract="${node.contracts.erc20}" i]`);
      await lusd.waitFor({ timeout: 30_000 });
      await expect(lusd.getAttribute('data-balance')).resolves.toBe(LUSD_SUPPLY.toString());
      await expect(page.getByTestId('tab-nfts').count()).resolves.toBe(NFT_COINS.has(coin) ? 1 : 0);
      if (NFT_COINS.has(coin)) {
        await page.getByTestId('tab-nfts').click();
        await page.locator(`[data-testid="nft-card"][data-contract="${node.contracts.erc721}" i]`).first().waitFor({ timeout: 30_000 });
      }
    });
  }
});
