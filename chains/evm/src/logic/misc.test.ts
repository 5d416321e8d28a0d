import { CoreError } from '@secux-companion/core';
import { describe, expect, it } from 'vitest';
import {
  displayAddress,
  fromXdcAddress,
  isEvmAddress,
  normalizeEvmRecipient,
  receiveInstructionKey,
  toApiAddress,
  toXdcAddress,
  validateEvmRecipient,
} from './address';
import { L1_FEE_ORACLE_CHAIN_IDS, customEvmChain, isNativeEvmSymbol, nativeEvmChain } from './chains';
import {
  accountCardAction,
  accountNumber,
  assertEvmAccountDeletable,
  nextEvmAccountIndex,
  nextEvmAccountName,
  removeEvmAccount,
  requireRpc,
  type AddedEvmChain,
} from './evmChains';
import { evmExplorerLinks } from './explorer';
import {
  groupNftCollections,
  hasNftTab,
  marketplaceLink,
  nftModalTabs,
  nftTabState,
  type NftAsset,
} from './nft';

const A = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('addresses and the XDC prefix', () => {
  it('validates ETH-style addresses (EIP-55 when mixed case)', () => {
    expect(isEvmAddress(A)).toBe(true);
    expect(isEvmAddress(A.toLowerCase())).toBe(true);
    expect(isEvmAddress(A.replace('E', 'e'))).toBe(false);
    expect(isEvmAddress('0x1234')).toBe(false);
  });
  it('turns xdc into 0x for API calls and back for display', () => {
    expect(fromXdcAddress('XDC9858efFD232B4033E47d90003D41EC34EcaEda94')).toBe(
      `0x9858efFD232B4033E47d90003D41EC34EcaEda94`,
    );
    expect(toXdcAddress(A)).toBe(`xdc${A.slice(2)}`);
    expect(toApiAddress('XDC', `xdc${A.slice(2).toLowerCase()}`)).toBe(A);
    expect(displayAddress('XDC', A.toLowerCase())).toBe(`xdc${A.slice(2)}`);
    expect(displayAddress('ETH', A.toLowerCase())).toBe(A);
  });
  it('normalises the xdc prefix', () => {
    expect(normalizeEvmRecipient('XDC', ' xdc1234 ')).toBe('0x1234');
    expect(normalizeEvmRecipient('ETH', 'xdc1234')).toBe('xdc1234');
  });
  it('recipient rules: xdc prefix accepted only on XDC; empty; invalid', () => {
    expect(validateEvmRecipient('XDC', `xdc${A.slice(2)}`)).toBe('ok');
    expect(validateEvmRecipient('ETH', `xdc${A.slice(2)}`)).toBe('invalid');
    expect(validateEvmRecipient('ETH', '')).toBe('empty');
    expect(validateEvmRecipient('ETH', `${A} `)).toBe('ok');
    expect(validateEvmRecipient('ETH', '0x12')).toBe('invalid');
    expect(validateEvmRecipient('EVM', A)).toBe('ok');
  });
  it('XDC has its own receive instruction', () => {
    expect(receiveInstructionKey('XDC')).toBe('receive.xdc');
    expect(receiveInstructionKey('ETH')).toBe('receive.evm');
  });
});

describe('chain specs', () => {
  it('native chains from core; BSC uses the gas oracle; 9 display digits stay in core', () => {
    expect(nativeEvmChain('ETH')).toMatchObject({
      chainId: 1,
      coin: 'ETH',
      feeModel: 'eip1559',
      explorer: 'https://etherscan.io',
    });
    expect(nativeEvmChain('BSC')).toMatchObject({ chainId: 56, coin: 'BNB', feeModel: 'gasOracle' });
    expect(nativeEvmChain('TBSC').feeModel).toBe('gasOracle');
    expect(nativeEvmChain('XDC')).toMatchObject({ chainId: 50, coin: 'XDC' });
    expect(nativeEvmChain('ETH', { chainId: 31337, explorer: false })).toMatchObject({ chainId: 31337 });
    expect(nativeEvmChain('ETH', { explorer: false }).explorer).toBeUndefined();
    expect(() => nativeEvmChain('BTC')).toThrow();
    expect(isNativeEvmSymbol('HME')).toBe(true);
    expect(isNativeEvmSymbol('EVM')).toBe(false);
  });
  it('custom chains: explorer, L1 oracle by chain id, 43114 explorer fixed', () => {
    const base = {
      name: 'Base',
      chainId: 8453,
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      rpcs: ['https://mainnet.base.org'],
      explorers: [{ url: 'https://basescan.org/' }],
    };
    expect(customEvmChain(base)).toMatchObject({
      symbol: 'EVM',
      chainId: 8453,
      l1FeeOracle: true,
      explorer: 'https://basescan.org',
      feeModel: 'eip1559',
    });
    expect(customEvmChain({ ...base, chainId: 43114, name: 'Avalanche' }).explorer).toBe(
      'https://snowtrace.io',
    );
    expect(customEvmChain({ ...base, chainId: 137, explorers: [] }).explorer).toBeUndefined();
    expect(customEvmChain({ ...base, chainId: 137, eip1559: false }).feeModel).toBe('legacy');
    expect(L1_FEE_ORACLE_CHAIN_IDS.has(10)).toBe(true);
  });
});

describe('explorer links', () => {
  it('EIP-3091 paths; XDC addresses in xdc form; none without explorer', () => {
    const eth = evmExplorerLinks(nativeEvmChain('ETH'));
    expect(eth.tx('0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(eth.address(A)).toBe(`https://etherscan.io/address/${A}`);
    expect(eth.token(A, A)).toBe(`https://etherscan.io/token/${A}?a=${A}`);
    expect(eth.nft(A, 2n)).toBe(`https://etherscan.io/nft/${A}/2`);
    expect(evmExplorerLinks(nativeEvmChain('XDC')).address(A)).toBe(
      `https://xdcscan.io/address/xdc${A.slice(2)}`,
    );
    const none = evmExplorerLinks({ symbol: 'EVM' });
    expect(none.tx('0x1')).toBeUndefined();
    expect(none.address(A)).toBeUndefined();
  });
});

describe('NFTs', () => {
  const asset = (slug: string, id: bigint, traits = 0): NftAsset => ({
    contract: A,
    tokenId: id,
    schemaName: 'ERC721',
    name: `#${id}`,
    collectionName: slug.toUpperCase(),
    slug,
    traits: Array.from({ length: traits }, (_, i) => ({ traitType: `t${i}`, value: 'v' })),
  });
  it('ETH, TETH and XDC have the NFT tab (spec 02 §7: XDC NFTs by owner); BSC, HME and added chains not', () => {
    expect(hasNftTab('ETH')).toBe(true);
    expect(hasNftTab('TETH')).toBe(true);
    expect(hasNftTab('XDC')).toBe(true);
    expect(hasNftTab('BSC')).toBe(false);
    expect(hasNftTab('HME')).toBe(false);
    expect(hasNftTab('EVM')).toBe(false);
  });
  it('groups assets into collections', () => {
    const c = groupNftCollections([asset('punks', 1n), asset('items', 1n), asset('punks', 2n)]);
    expect(c.map((x) => [x.slug, x.assets.length])).toEqual([
      ['punks', 2],
      ['items', 1],
    ]);
  });
  it('info-06 when empty, the collections-error text on failure', () => {
    expect(nftTabState({ ok: true, collections: [] })).toBe('info-06');
    expect(nftTabState({ ok: false })).toBe('collectionsError');
    expect(nftTabState({ ok: true, collections: groupNftCollections([asset('a', 1n)]) })).toBe('list');
  });
  it('marketplace links and modal tabs', () => {
    expect(marketplaceLink('ETH', A, 1n)).toBe(`https://opensea.io/assets/ethereum/${A}/1`);
    expect(marketplaceLink('TETH', A, 1n)).toContain('testnets.opensea.io');
    expect(marketplaceLink('BSC', A, 1n)).toBeUndefined();
    expect(nftModalTabs(asset('a', 1n, 2))).toEqual(['Properties', 'Details']);
    expect(nftModalTabs(asset('a', 1n))).toEqual(['Details']);
  });
});

describe('EVM chains area', () => {
  const chain = (
    accounts: { index: number; balance: bigint }[],
    extra: Partial<AddedEvmChain> = {},
  ): AddedEvmChain => ({
    chainId: 137,
    name: 'Polygon Mainnet',
    shortName: 'matic',
    coin: 'POL',
    decimals: 18,
    rpcs: ['https://polygon-rpc.com'],
    hasValidRpc: true,
    accounts: accounts.map((a) => ({ ...a, name: `x${a.index}`, address: A })),
    ...extra,
  });
  it('account names use the shortened chain name + count + 1', () => {
    expect(nextEvmAccountName(chain([]))).toBe('Polygon M 1');
    expect(nextEvmAccountName({ name: 'Avalanche C-Chain Mainnet', accounts: [] })).toBe('Avalanche CM 1');
    expect(
      nextEvmAccountName({ name: 'Base', accounts: [{ index: 0, name: 'a', address: A, balance: 0n }] }),
    ).toBe('Base 2');
    expect(accountNumber({ index: 0 })).toBe(1);
    expect(
      nextEvmAccountIndex(
        chain([
          { index: 0, balance: 0n },
          { index: 2, balance: 0n },
        ]),
      ),
    ).toBe(1);
  });
  it("a chain without a valid RPC opens 'cannot be displayed temporarily'", () => {
    expect(accountCardAction({ hasValidRpc: false })).toEqual({
      open: 'dialog',
      messageKey: 'chainInfoUnavailable',
    });
    expect(accountCardAction({ hasValidRpc: true })).toEqual({ open: 'evmaccount' });
  });
  it("deleting: 'Can not delete an active account'; the last account removes the chain", () => {
    expect(() => assertEvmAccountDeletable({ balance: 1n })).toThrow(
      new CoreError('cannotDeleteActiveAccount'),
    );
    const list = [
      chain([
        { index: 0, balance: 0n },
        { index: 1, balance: 5n },
      ]),
      chain([{ index: 0, balance: 0n }], { chainId: 10 }),
    ];
    expect(() => removeEvmAccount(list, 137, 1)).toThrow(CoreError);
    const after = removeEvmAccount(list, 137, 0);
    expect(after[0]!.accounts.map((a) => a.index)).toEqual([1]);
    expect(removeEvmAccount(list, 10, 0).map((c) => c.chainId)).toEqual([137]);
    expect(() => removeEvmAccount(list, 10, 5)).toThrow(RangeError);
  });
  it("no RPC: 'there is no available rpc.'", () => {
    expect(requireRpc({ rpcs: ['https://a'] })).toBe('https://a');
    expect(requireRpc({ rpc: 'https://b', rpcs: ['https://a'] })).toBe('https://b');
    expect(() => requireRpc({ rpcs: [] })).toThrow(new CoreError('noAvailableRpc'));
  });
});
