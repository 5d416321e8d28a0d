import { describe, expect, it } from 'vitest';
import {
  HISTORY_PAGE_SIZE,
  NATIVE_EVM_SYMBOLS,
  UTXO_CHAIN_SYMBOLS,
  isNativeEvmChain,
  isUtxoChain,
  BTC_ADDRESS_TYPE_LABELS,
  CHAINS,
  CHAIN_SYMBOLS,
  EU_PROVIDER_ETH_TOKENS,
  buyAssets,
  NATIVE_EVM_CHAIN_IDS,
  btcAddressTypeLabel,
  chainByCoinType,
  explorerAddressUrl,
  explorerTxUrl,
  hasEvmFeeTooHighCheck,
  isChainSymbol,
  supportsBuy,
  type ChainSymbol,
} from './chains';

const symbolsWhere = (pred: (s: ChainSymbol) => boolean) => CHAIN_SYMBOLS.filter(pred).sort();

describe('chain registry', () => {
  it('has the coin types of the spec table', () => {
    const expected: Partial<Record<ChainSymbol, number>> = {
      BTC: 0,
      LTC: 2,
      DOGE: 3,
      DASH: 5,
      GRS: 17,
      DGB: 20,
      ETH: 60,
      BSC: 60,
      // not in the spec's table: SecuX's SDK has no m/44'/550'/… (XDC's SLIP-44 type), so the wallet's XDC is 60
      XDC: 60,
      BCH: 145,
      XRP: 144,
      XLM: 148,
      TRX: 195,
      FIO: 235,
      BNB: 714,
      SOL: 501,
    };
    for (const [symbol, coinType] of Object.entries(expected)) {
      expect(CHAINS[symbol as ChainSymbol].coinType, symbol).toBe(coinType);
    }
    expect(CHAINS.ETH.chainId).toBe(1);
    expect(CHAINS.BSC.chainId).toBe(56);
    expect(CHAINS.TBSC.chainId).toBe(97);
    expect(CHAINS.XDC.chainId).toBe(50);
    expect(CHAINS.HME.chainId).toBe(886);
  });

  it('has the decimals of the spec', () => {
    for (const s of ['BTC', 'LTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE', 'TBTC'] as const)
      expect(CHAINS[s].decimals).toBe(8);
    for (const s of ['ETH', 'BSC', 'XDC', 'HME', 'EVM'] as const) expect(CHAINS[s].decimals).toBe(18);
    expect(CHAINS.SOL.decimals).toBe(9);
    expect(CHAINS.FIO.decimals).toBe(9);
    expect(CHAINS.ADA.decimals).toBe(6);
    expect(CHAINS.XRP.decimals).toBe(6);
    expect(CHAINS.XLM.decimals).toBe(7);
    expect(CHAINS.TRX.decimals).toBe(6);
  });

  it('has the display digits of the spec', () => {
    expect(CHAINS.BTC.displayDigits).toBe(8);
    expect(CHAINS.SOL.displayDigits).toBe(8);
    expect(CHAINS.ETH.displayDigits).toBe(9);
    expect(CHAINS.BSC.displayDigits).toBe(9);
    expect(CHAINS.XRP.displayDigits).toBe(6);
    expect(CHAINS.TRX.displayDigits).toBe(6);
    expect(CHAINS.XLM.displayDigits).toBe(7);
  });

  it('has the chain groups of §9', () => {
    expect(symbolsWhere((s) => CHAINS[s].tokenCapable)).toEqual(
      ['ETH', 'TETH', 'BSC', 'TBSC', 'HME', 'XDC', 'SOL', 'TRX', 'EVM'].sort(),
    );
    expect(symbolsWhere((s) => CHAINS[s].utxo)).toEqual(
      ['BTC', 'TBTC', 'LTC', 'DASH', 'BCH', 'GRS', 'DGB', 'DOGE'].sort(),
    );
    expect(symbolsWhere((s) => CHAINS[s].hiddenFee)).toEqual(
      ['XRP', 'BNB', 'XLM', 'DOGE', 'TRX', 'BSC', 'TBSC', 'SOL', 'FIO', 'TFIO'].sort(),
    );
    expect(symbolsWhere((s) => CHAINS[s].nativeEvm)).toEqual(
      ['ETH', 'TETH', 'BSC', 'TBSC', 'HME', 'XDC'].sort(),
    );
    expect(symbolsWhere((s) => CHAINS[s].nft)).toEqual(['ETH', 'TETH', 'XDC']);
    expect(symbolsWhere((s) => CHAINS[s].testnet)).toEqual(['TBSC', 'TBTC', 'TETH', 'TFIO']);
  });

  it('derives the UTXO and native EVM lists from the family field (one home)', () => {
    expect([...UTXO_CHAIN_SYMBOLS].sort()).toEqual(symbolsWhere((s) => CHAINS[s].family === 'bitcoin'));
    expect(NATIVE_EVM_SYMBOLS).not.toContain('EVM');
    expect(isUtxoChain('LTC')).toBe(true);
    expect(isUtxoChain('ETH')).toBe(false);
    expect(isUtxoChain('nope')).toBe(false);
    expect(isNativeEvmChain('XDC')).toBe(true);
    expect(isNativeEvmChain('EVM')).toBe(false);
    expect(HISTORY_PAGE_SIZE).toBe(10);
    // coin price ids live in the table too (testnets have none)
    expect(CHAINS.LTC.priceId).toBe('litecoin');
    expect(CHAINS.TBTC.priceId).toBeUndefined();
  });

  it('gives every coin with a market its price id: mainnet coins have one, testnets, HME and added chains none', () => {
    expect(
      Object.fromEntries(
        (['BNB', 'XRP', 'XLM', 'TRX', 'SOL', 'FIO', 'ADA'] as const).map((s) => [s, CHAINS[s].priceId]),
      ),
    ).toEqual({
      BNB: 'binancecoin',
      XRP: 'ripple',
      XLM: 'stellar',
      TRX: 'tron',
      SOL: 'solana',
      FIO: 'fio-protocol',
      ADA: 'cardano',
    });
    // HME: no price service lists a market; EVM: the chains the user adds have no known coin
    expect(symbolsWhere((s) => !CHAINS[s].testnet && !CHAINS[s].priceId)).toEqual(['EVM', 'HME']);
    expect(symbolsWhere((s) => CHAINS[s].testnet && !!CHAINS[s].priceId)).toEqual([]);
  });

  it('has the families', () => {
    expect(CHAINS.BTC.family).toBe('bitcoin');
    expect(CHAINS.DOGE.family).toBe('bitcoin');
    expect(CHAINS.BSC.family).toBe('evm');
    expect(CHAINS.XRP.family).toBe('xrp');
    expect(CHAINS.XLM.family).toBe('stellar');
    expect(CHAINS.TRX.family).toBe('tron');
    expect(CHAINS.SOL.family).toBe('solana');
    expect(CHAINS.BNB.family).toBe('bnb');
    expect(CHAINS.TFIO.family).toBe('fio');
    expect(CHAINS.ADA.family).toBe('ada');
  });

  it('has bips 44/49 for UTXO chains, plus 84/86 for BTC with default 84', () => {
    for (const s of ['LTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE'] as const) {
      expect(CHAINS[s].bips).toEqual([44, 49]);
      expect(CHAINS[s].defaultBip).toBe(44);
    }
    expect(CHAINS.BTC.bips).toEqual([44, 49, 84, 86]);
    expect(CHAINS.BTC.defaultBip).toBe(84);
    expect(CHAINS.ETH.bips).toEqual([44]);
  });

  it('labels BTC address types', () => {
    expect(BTC_ADDRESS_TYPE_LABELS).toEqual({
      44: 'LEGACY',
      49: 'SEGWIT',
      84: 'NATIVE SEGWIT',
      86: 'TAPROOT',
    });
    expect(btcAddressTypeLabel(86)).toBe('TAPROOT');
    expect(btcAddressTypeLabel(1)).toBeUndefined();
  });

  it('has fee sources, presets and units of §9', () => {
    expect(CHAINS.BTC.feeSource).toBe('networkTiers');
    expect(CHAINS.BTC.feePresets).toEqual({ high: 200, medium: 120, low: 60 });
    for (const s of ['LTC', 'BCH', 'DASH', 'GRS'] as const) {
      expect(CHAINS[s].feeSource).toBe('preset');
      expect(CHAINS[s].feePresets).toEqual({ high: 8, medium: 4, low: 2 });
    }
    expect(CHAINS.DGB.feePresets).toEqual({ high: 200, medium: 150, low: 100 });
    for (const s of ['ETH', 'HME', 'XDC'] as const) expect(CHAINS[s].feeSource).toBe('networkTiers');
    for (const s of ['DOGE', 'BNB', 'XLM'] as const) expect(CHAINS[s].feeSource).toBe('fixed');
    for (const s of ['BSC', 'SOL', 'FIO', 'TFIO', 'TRX', 'XRP'] as const)
      expect(CHAINS[s].feeSource).toBe('network');
    expect(CHAINS.DOGE.fixedFee).toBe(1000n);
    expect(CHAINS.BNB.fixedFee).toBe(7_500n); // 0.000075 BNB
    expect(CHAINS.XLM.fixedFee).toBe(100n); // 0.00001 XLM
    expect(CHAINS.ETH.feeUnit).toBe('Gwei');
    expect(CHAINS.BSC.feeUnit).toBe('Gwei');
    expect(CHAINS.BTC.feeUnit).toBe('Satoshi');
    expect(CHAINS.XRP.feeUnit).toBe('Satoshi');
  });

  it('has memo kinds and hardened paths', () => {
    expect(CHAINS.XRP.memo).toBe('Tag');
    expect(CHAINS.XLM.memo).toBe('Memo');
    expect(CHAINS.BNB.memo).toBe('Memo');
    expect(CHAINS.ETH.memo).toBeUndefined();
    expect(symbolsWhere((s) => CHAINS[s].hardenedPath)).toEqual(['SOL', 'XLM']);
  });

  it('knows buy support per provider', () => {
    expect(symbolsWhere((s) => supportsBuy(s, 'primary'))).toEqual(
      ['ETH', 'BTC', 'BCH', 'LTC', 'DOGE', 'XLM', 'SOL'].sort(),
    );
    expect(symbolsWhere((s) => supportsBuy(s, 'secondary'))).toEqual(
      ['ETH', 'BTC', 'BCH', 'LTC', 'XRP', 'DOGE', 'BSC', 'TRX'].sort(),
    );
    expect(supportsBuy('XRP')).toBe(true);
    expect(supportsBuy('FIO')).toBe(false);
    expect(EU_PROVIDER_ETH_TOKENS).toEqual(['ETH', 'USDT', 'COMP', 'LINK', 'Maker', 'USDC', 'UNI']);
    // The second provider sells those on ETH; elsewhere a widget buys the coin; a provider without the coin, nothing.
    expect(buyAssets('ETH', 'secondary')).toEqual(EU_PROVIDER_ETH_TOKENS);
    expect(buyAssets('ETH', 'primary')).toEqual(['ETH']);
    expect(buyAssets('LTC', 'secondary')).toEqual(supportsBuy('LTC', 'secondary') ? ['LTC'] : []);
    expect(buyAssets('FIO', 'secondary')).toEqual([]);
  });

  it('finds chains by coin type and chain id', () => {
    expect(chainByCoinType(0)?.symbol).toBe('BTC');
    expect(chainByCoinType(60, 1)?.symbol).toBe('ETH');
    expect(chainByCoinType(60, 56)?.symbol).toBe('BSC');
    expect(chainByCoinType(60, 137)?.symbol).toBe('EVM');
    expect(chainByCoinType(60)?.symbol).toBe('ETH');
    expect(chainByCoinType(235)?.symbol).toBe('FIO');
    expect(chainByCoinType(9999)).toBeUndefined();
  });

  it('excludes native chain ids from the addable EVM list', () => {
    expect(NATIVE_EVM_CHAIN_IDS).toEqual([0, 1, 56, 50]);
  });

  it('flags fee-too-high only on ETH/HME/XDC', () => {
    expect(hasEvmFeeTooHighCheck('ETH')).toBe(true);
    expect(hasEvmFeeTooHighCheck('HME')).toBe(true);
    expect(hasEvmFeeTooHighCheck('XDC')).toBe(true);
    expect(hasEvmFeeTooHighCheck('BSC')).toBe(false);
  });

  it('builds explorer links', () => {
    expect(explorerTxUrl('ETH', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerAddressUrl('BTC', 'bc1qxyz')).toBe('https://mempool.space/address/bc1qxyz');
    expect(explorerTxUrl('ADA', 'x')).toBeUndefined();
  });

  it('TETH is Sepolia (chain id 11155111, its explorer): Goerli (5) is shut down', () => {
    expect(CHAINS.TETH.chainId).toBe(11155111);
    expect(explorerTxUrl('TETH', '0xabc')).toBe('https://sepolia.etherscan.io/tx/0xabc');
  });

  it('guards chain symbols', () => {
    expect(isChainSymbol('BTC')).toBe(true);
    expect(isChainSymbol('btc')).toBe(false);
  });
});
