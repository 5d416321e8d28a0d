/**
 * EVM family end to end on the local EVM chain (issue 8): ETH accounts discovered from the emulator, send
 * ETH, add the LUSD token by contract and send it, send an NFT from the asset modal. One browser page walks
 * the scenario in order; every transaction is checked on the node.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { BrowserContext, Page } from 'playwright-core';
import { createServer, type AddressInfo } from 'node:net';
import { newContext, useBrowser } from './browser';
import { approveUntil, connectEmulator, openCoin, receiveAddress } from './bitcoin-helpers';
import { recoverMessageAddress, recoverTypedDataAddress, type Hex } from 'viem';
import {
  call,
  erc1155BalanceOf,
  erc20BalanceOf,
  erc721OwnerOf,
  ethBalance,
  evmCard,
  evmSend,
  receiptStatus,
  rpc,
  signAndBroadcast,
} from './evm-helpers';

const browser = useBrowser();
const stack = await useStack('evm-eth');
const { baseUrl } = stack;
const evm = stack.localnet.evm;
/** localnet's side chain (chain id 31338): the server offers it as the addable local custom chain. */
const side = stack.localnet.sideEvm;

const P0 = "m/44'/60'/0'";
const ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('ETH on the local EVM chain through the UI with the emulator', () => {
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
    context = await newContext(browser());
    page = await context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({ path: `test-results/evm-eth-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('recovers the funded ETH accounts (one address per account) with 9 display digits', async () => {
    await openCoin(page, baseUrl, 'ETH');
    const cards = await page
      .getByTestId('account-card')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-address')]));
    expect(cards[0]).toEqual([P0, ACCOUNT0]);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    const text = await evmCard(page, P0).getByTestId('account-balance').innerText();
    expect(text).toMatch(/ ETH$/);
    expect(text.split('.')[1]?.replace(' ETH', '').length ?? 0).toBeLessThanOrEqual(9);
  });

  it("token discovery: the server's token list names LUSD, which account 0 holds, so its Tokens tab offers it with its balance", async () => {
    const list = (await (await fetch(`${baseUrl}/api/chains/ETH/token-list`)).json()) as {
      code: number;
      data: { contract: string; symbol: string }[];
    };
    expect(list.code).toBe(0);
    expect(list.data.map((t) => t.contract.toLowerCase())).toContain(evm.contracts.erc20.toLowerCase());
    await openAccount0();
    await page.getByTestId('tab-tokens').click();
    const found = page.locator(`[data-testid="token-found"][data-contract="${evm.contracts.erc20}" i]`);
    await found.waitFor({ timeout: 30_000 });
    const held = BigInt(await call(evm.rpcUrl, evm.contracts.erc20, erc20BalanceOf(ACCOUNT0)));
    expect(held).toBeGreaterThan(0n);
    await expect(found.getAttribute('data-balance')).resolves.toBe(held.toString());
    await expect(found.getByTestId('token-found-balance').innerText()).resolves.toMatch(/ LUSD$/);
  });

  it('sends ETH, signed on the device', async () => {
    await openAccount0();
    const before = await ethBalance(evm.rpcUrl, recipient);
    const hash = await evmSend(page, { recipient, amount: '0.5' });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    expect((await ethBalance(evm.rpcUrl, recipient)) - before).toBe(500_000_000_000_000_000n);
    await page.waitForURL(`${baseUrl}/wallet/account`);
    // the history (block scan of the local node) lists it, newest first
    await openAccount0();
    await page.getByTestId('tab-history').click();
    const item = page.locator(`[data-testid="history-item"][data-hash="${hash}"]`);
    await item.waitFor({ timeout: 30_000 });
    await expect(item.getByTestId('history-amount').innerText()).resolves.toContain('0.5 ETH');
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
    await row.getByTestId('token-switch').click({ force: true }); // async: the device writes the entry first
    await page.waitForFunction(
      (c) =>
        document.querySelector<HTMLInputElement>(
          `[data-testid="token-row"][data-contract="${c}"] input[type="checkbox"]`,
        )?.checked === true,
      evm.contracts.erc20,
      { timeout: 30_000 },
    );
    await page.getByTestId('tokens-done').click();
    const item = page.locator(`[data-testid="token-item"][data-contract="${evm.contracts.erc20}"]`);
    await item.waitFor({ timeout: 30_000 });
    await expect(item.getByTestId('token-balance').innerText()).resolves.toMatch(/ LUSD$/);
    // shown now: the token list no longer offers it
    await expect(
      page.locator(`[data-testid="token-found"][data-contract="${evm.contracts.erc20}" i]`).count(),
    ).resolves.toBe(0);

    const before = BigInt(await call(evm.rpcUrl, evm.contracts.erc20, erc20BalanceOf(recipient)));
    await item.getByTestId('token-send').click();
    const hash = await evmSend(page, { recipient, amount: '12.5', opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const after = BigInt(await call(evm.rpcUrl, evm.contracts.erc20, erc20BalanceOf(recipient)));
    expect(after - before).toBe(12_500_000n);
  });

  it('sends the LPUNK NFT from the asset modal', async () => {
    await openAccount0();
    await page.getByTestId('tab-nfts').click();
    const card = page.locator(`[data-testid="nft-card"][data-contract="${evm.contracts.erc721}" i]`).first();
    await card.waitFor();
    const tokenId = BigInt((await card.getAttribute('data-token-id')) ?? '0');
    await card.click();
    await page.getByTestId('nft-send').click();
    const hash = await evmSend(page, { recipient, opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const owner = await call(evm.rpcUrl, evm.contracts.erc721, erc721OwnerOf(tokenId));
    expect(owner.slice(-40).toLowerCase()).toBe(recipient.slice(2).toLowerCase());
  });

  it('sends two LITEM (ERC-1155 id 1) from the asset modal', async () => {
    await openAccount0();
    await page.getByTestId('tab-nfts').click();
    const card = page.locator(
      `[data-testid="nft-card"][data-contract="${evm.contracts.erc1155}" i][data-token-id="1"]`,
    );
    await card.waitFor({ timeout: 30_000 });
    const before = BigInt(await call(evm.rpcUrl, evm.contracts.erc1155, erc1155BalanceOf(recipient, 1n)));
    await card.click();
    await page.getByTestId('nft-send').click();
    const hash = await evmSend(page, { recipient, amount: '2', opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const after = BigInt(await call(evm.rpcUrl, evm.contracts.erc1155, erc1155BalanceOf(recipient, 1n)));
    expect(after - before).toBe(2n);
  });

  it('receives: the account address confirmed on the device', async () => {
    await openAccount0();
    await expect(receiveAddress(page)).resolves.toBe(ACCOUNT0);
  });

  it('saves a recipient as a contact, flags a look-alike of it, picks it from Contacts and sends to it', async () => {
    await openAccount0();
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('contact-save-open').click();
    await page.getByTestId('contact-label').fill('Savings');
    await page.getByTestId('contact-save').click();
    await page.getByText('Contact: Savings').waitFor();
    // Same first and last four characters, another middle: the strong warning names the contact.
    const lookAlike = `0x${recipient.slice(2, 6)}${'0'.repeat(32)}${recipient.slice(-4)}`.toLowerCase();
    await page.getByTestId('send-recipient').fill(lookAlike);
    await expect(page.getByTestId('recipient-look-alike').first().innerText()).resolves.toContain(
      'Your contact “Savings”',
    );
    await page.getByTestId('send-recipient').fill('');
    await page.getByTestId('send-contacts').click();
    await page.getByTestId('send-contact').first().click();
    await expect(page.getByTestId('send-recipient').inputValue()).resolves.toBe(recipient);
    await expect(page.getByTestId('recipient-first-send').count()).resolves.toBe(0);
    const before = await ethBalance(evm.rpcUrl, recipient);
    const hash = await evmSend(page, { recipient, amount: '0.01', opened: true });
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    expect((await ethBalance(evm.rpcUrl, recipient)) - before).toBe(10_000_000_000_000_000n);
  });

  it('signs a personal_sign text and EIP-712 typed data on the device; both recover to the account with viem', async () => {
    await openAccount0();
    await page.getByTestId('tab-messages').click();
    const signature = async () => {
      await page.getByTestId('messages-sign').click();
      await approveUntil(page, () => page.getByTestId('messages-signature').isVisible());
      return (
        await page.getByTestId('messages-signature').locator('pre, code').first().innerText()
      ).trim() as Hex;
    };
    const text = 'Sign in to example.org: 0xdead';
    await page.getByTestId('messages-input').fill(text);
    expect(await recoverMessageAddress({ message: text, signature: await signature() })).toBe(ACCOUNT0);

    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'Local USD', chainId: evm.chainId, verifyingContract: evm.contracts.erc20 },
      message: { spender: recipient, value: '1000' },
    } as const;
    await page.getByTestId('messages-kind').getByText('Typed data (EIP-712)').click();
    await page.getByTestId('messages-input').fill(JSON.stringify(typed));
    await expect(page.getByTestId('messages-preview').innerText()).resolves.toContain(
      `spender: ${recipient}`,
    );
    const typedSignature = await signature();
    await expect(
      recoverTypedDataAddress({
        ...typed,
        domain: {
          ...typed.domain,
          chainId: BigInt(typed.domain.chainId),
          verifyingContract: typed.domain.verifyingContract as Hex,
        },
        message: { spender: recipient as Hex, value: 1000n },
        signature: typedSignature,
      }),
    ).resolves.toBe(ACCOUNT0);
  });

  // The side chain, not the main chain: the main chain (31337) backs native ETH, and the device keys EVM
  // accounts by (coin type 60, chain id), so adding it as a custom chain would collide with the ETH entries.
  it("a custom gas price far above the network's high tier: err-28 warning, the custom-fee question, then it is sent at that price", async () => {
    await openAccount0();
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    await page.getByTestId('send-recipient').fill(recipient);
    await page.getByTestId('send-amount').fill('0.01');
    await page.getByTestId('send-fee-mode').getByText('Custom').click();
    await page.getByTestId('send-custom-fee').fill('500');
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="send-continue"]')?.disabled,
      undefined,
      { timeout: 30_000 },
    );
    const before = dialogs.length;
    await page.getByTestId('send-continue').click();
    // a modal (not a browser alert) with the catalogue's err-28 text
    const warning = page.locator('[data-testid="fee-alert-text"][data-kind="feeTooHigh"]');
    await expect(warning.innerText({ timeout: 30_000 })).resolves.toBe('The network fee is too high.');
    await page.getByTestId('fee-alert-continue').click();
    await page.locator('[data-testid="fee-alert-text"][data-kind="customFee"]').waitFor();
    await page.getByTestId('fee-alert-continue').click();
    const hash = await signAndBroadcast(page);
    await expect(receiptStatus(evm.rpcUrl, hash)).resolves.toBe('0x1');
    const tx = await rpc<{ maxFeePerGas?: string; gasPrice: string }>(
      evm.rpcUrl,
      'eth_getTransactionByHash',
      [hash],
    );
    expect(BigInt(tx.maxFeePerGas ?? tx.gasPrice)).toBe(500_000_000_000n);
    expect(dialogs.length).toBe(before);
  });

  it('adds the local side chain as a custom chain with two RPCs (the first one down) and sends on it', async () => {
    expect(side.chainId).not.toBe(evm.chainId);
    const dead = await deadLoopbackUrl();
    await page.getByTestId('logo').click();
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByTestId('coin-EVM').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    await page.getByTestId('evm-add-chain').click();
    await page.locator(`[data-testid="evm-chain-option"][data-chain-id="${side.chainId}"]`).click();
    await page.getByTestId('evm-chain-rpcs').fill(`${dead}\n${side.rpcUrl}`);
    await page.getByTestId('evm-chain-add-confirm').click();
    const chain = page.locator(`[data-testid="evm-chain"][data-chain-id="${side.chainId}"]`);
    const account = chain.locator('[data-testid="evm-chain-account"][data-index="0"]');
    await account.waitFor({ timeout: 30_000 });
    // the balance is read through the second RPC (the browser calls it; failover past the dead one)
    await page.waitForFunction(
      (id) =>
        !/^0 /.test(
          document.querySelector(
            `[data-testid="evm-chain"][data-chain-id="${id}"] [data-testid="evm-chain-account-balance"]`,
          )?.textContent ?? '0 ',
        ),
      side.chainId,
      { timeout: 30_000 },
    );
    await account.getByTestId('evm-chain-account-open').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains/account`);
    await page.getByTestId('account-name').waitFor();
    const before = await ethBalance(side.rpcUrl, recipient);
    const hash = await evmSend(page, { recipient, amount: '0.25' });
    await expect(receiptStatus(side.rpcUrl, hash)).resolves.toBe('0x1');
    expect((await ethBalance(side.rpcUrl, recipient)) - before).toBe(250_000_000_000_000_000n);
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    // an account with a balance cannot be deleted
    await account.getByTestId('evm-chain-account-delete').click();
    // spec 01: a 5 s toast
    await page.getByTestId('toast').filter({ hasText: 'Can not delete an active account' }).waitFor();
    await account.waitFor();
  });

  it("a chain without a valid RPC: its account opens 'cannot be displayed temporarily' instead of the page", async () => {
    const dead = await deadLoopbackUrl();
    await page.evaluate((rpc) => {
      const key = 'secux.evm.addedChains';
      const list = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
      list.push({
        chainId: 424242,
        name: 'Offline Chain',
        shortName: 'off',
        coin: 'OFF',
        decimals: 18,
        rpcs: [rpc],
        accounts: [
          {
            index: 0,
            name: 'Offline Chain 1',
            address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
            balance: '0',
          },
        ],
      });
      localStorage.setItem(key, JSON.stringify(list));
    }, dead);
    await page.getByTestId('logo').click();
    await page.getByTestId('coin-EVM').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    // the health check finds no RPC answering
    const offline = page.locator('[data-testid="evm-chain"][data-chain-id="424242"][data-valid-rpc="false"]');
    await offline.waitFor({ timeout: 30_000 });
    await offline.getByTestId('evm-chain-account-open').click();
    await expect(page.getByTestId('evm-chain-unavailable').innerText()).resolves.toBe(
      'The account information of this chain cannot be displayed temporarily.',
    );
    expect(page.url()).toBe(`${baseUrl}/wallet/evm-chains`);
  });
});

describe('NFT firmware gate (spec 01 §5: NFTs need MCU 2.20)', () => {
  it('an emulator on MCU 2.19 shows ETH without the NFTs tab', async () => {
    const context = await newContext(browser());
    // The server's emulator configuration with an older MCU (ETH itself needs 2.12).
    await context.route('**/api/emulator/config', async (route) => {
      const body = (await (await route.fetch()).json()) as { config?: Record<string, unknown> };
      await route.fulfill({
        json: { enabled: true, config: { ...body.config, mcuVersion: '2.19.0' } },
        headers: { 'cache-control': 'no-store' },
      });
    });
    const page = await context.newPage();
    try {
      await connectEmulator(page, baseUrl);
      await openCoin(page, baseUrl, 'ETH');
      await evmCard(page, P0).getByTestId('account-open').click();
      await page.waitForURL(`${baseUrl}/wallet/account/information`);
      await page.getByTestId('tab-tokens').waitFor();
      expect(await page.getByTestId('tab-nfts').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** A loopback URL nothing listens on (a port opened and closed again). */
async function deadLoopbackUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
