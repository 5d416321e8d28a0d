/**
 * Chain registry (spec 01 §1, §3, §9; spec 02 §9).
 *
 * One static record per supported chain symbol. Values not stated by the spec are
 * marked "(not in spec)" and follow SLIP-44 / public network ids.
 */

export const CHAIN_SYMBOLS = [
  'BTC',
  'TBTC',
  'LTC',
  'BCH',
  'GRS',
  'DASH',
  'DGB',
  'DOGE',
  'ETH',
  'TETH',
  'BSC',
  'TBSC',
  'XDC',
  'HME',
  'EVM',
  'BNB',
  'XRP',
  'XLM',
  'TRX',
  'SOL',
  'FIO',
  'TFIO',
  'ADA',
] as const;
export type ChainSymbol = (typeof CHAIN_SYMBOLS)[number];

export type ChainFamily = 'bitcoin' | 'evm' | 'xrp' | 'stellar' | 'tron' | 'solana' | 'bnb' | 'fio' | 'ada';

/** Purpose field (BIP) of an account path. */
export type Bip = 44 | 49 | 84 | 86 | 1852;
export const BIP_LEGACY = 44;
export const BIP_WRAPPED_SEGWIT = 49;
export const BIP_NATIVE_SEGWIT = 84;
export const BIP_TAPROOT = 86;
/** Cardano's purpose (CIP-1852); ADA is only reached through its portal (not in spec). */
export const BIP_CARDANO = 1852;

/** Address-type labels on BTC account cards (§2 Account list). */
export const BTC_ADDRESS_TYPE_LABELS: Readonly<Record<44 | 49 | 84 | 86, string>> = {
  44: 'LEGACY',
  49: 'SEGWIT',
  84: 'NATIVE SEGWIT',
  86: 'TAPROOT',
};

/** Script types by bip (§9). */
export type ScriptType = 'legacy' | 'wrappedSegwit' | 'nativeSegwit' | 'taproot';
export const SCRIPT_TYPE_BY_BIP: Readonly<Record<44 | 49 | 84 | 86, ScriptType>> = {
  44: 'legacy',
  49: 'wrappedSegwit',
  84: 'nativeSegwit',
  86: 'taproot',
};

/** How a chain obtains its fee (§9 "Fee presets"). */
export type FeeSource =
  /** high/medium/low taken from the network (ETH/HME/XDC, BTC). */
  | 'networkTiers'
  /** fixed high/medium/low preset (LTC, BCH, DASH, GRS, DGB). */
  | 'preset'
  /** one fixed fee (DOGE, BNB, XLM). */
  | 'fixed'
  /** the network's single fee (BSC, SOL, FIO, TFIO, TRX, XRP). */
  | 'network';

export type FeeUnit = 'Gwei' | 'Satoshi';

export interface FeeTiers<T = bigint> {
  high: T;
  medium: T;
  low: T;
}

/** 'primary': the first provider; 'secondary': the second (EU) provider. */
export type BuyProvider = 'primary' | 'secondary';
export type TokenStandard = 'ERC-20' | 'BEP-20' | 'XDC-20' | 'TRC-20' | 'TRC-10';
export type MemoKind = 'Tag' | 'Memo';

export interface ExplorerInfo {
  /** Base URL of the block explorer. */
  base: string;
  /** Path templates with `{hash}` / `{address}` placeholders. */
  tx: string;
  address: string;
}

export interface ChainInfo {
  symbol: ChainSymbol;
  /** Human-readable chain name. */
  name: string;
  family: ChainFamily;
  /** SLIP-44 coin type used in account paths. */
  coinType: number;
  /** EVM chain id (numbers) for EVM chains; undefined elsewhere. */
  chainId?: number;
  decimals: number;
  /** Fraction digits shown for balances (8 default, 9 ETH/BSC, 6 XRP/TRX, 7 XLM). */
  displayDigits: number;
  testnet: boolean;
  utxo: boolean;
  tokenCapable: boolean;
  /** Fee UI is hidden in the send form. */
  hiddenFee: boolean;
  nativeEvm: boolean;
  /** NFT tab (ETH and TETH only). */
  nft: boolean;
  /** Purposes loaded during account recovery. */
  bips: readonly Bip[];
  defaultBip: Bip;
  /** Account path is hardened to the end (SOL, XLM): no '/0/' is appended. */
  hardenedPath: boolean;
  feeSource: FeeSource;
  feeUnit: FeeUnit;
  /** Preset tiers in the chain's fee unit (sat/byte) for 'preset' chains; fallback tiers for BTC. */
  feePresets?: FeeTiers<number>;
  /** Fixed fee in smallest units (per byte for DOGE, per transaction for BNB and XLM). */
  fixedFee?: bigint;
  memo?: MemoKind;
  tokenStandards: readonly TokenStandard[];
  buyProviders: readonly BuyProvider[];
  /** Price-service platform id for token prices. */
  pricePlatform?: string;
  /** Price-service id of the coin (testnets and coins without a price have none: 'Price N/A'). */
  priceId?: string;
  explorer?: ExplorerInfo;
  /** Only reachable through the external portal (ADA). */
  portalOnly: boolean;
  /** Default account names start with this instead of the symbol (XLM: 'Stellar 1'). */
  accountNameLabel?: string;
}

/** Dust limit for the bitcoin family: 546 satoshis (§9). */
export const DUST_SATOSHIS = 546n;
/** Max BTC-type fee: 1,000,000 sat/byte (§9). */
export const MAX_BTC_FEE_RATE = 1_000_000;
/** Default display digits (§9). */
export const DEFAULT_DISPLAY_DIGITS = 8;

export const UNITS = {
  satoshi: 10n ** 8n,
  wei: 10n ** 18n,
  gwei: 10n ** 9n,
  trx: 10n ** 6n,
  xrpDrops: 10n ** 6n,
  stellarStroops: 10n ** 7n,
  lamports: 10n ** 9n,
} as const;

/** BTC fee tiers used when the fee service fails (sat/byte). */
export const BTC_FALLBACK_FEE_TIERS: FeeTiers<number> = { high: 200, medium: 120, low: 60 };
/** LTC, BCH, DASH, GRS preset tiers (sat/byte). */
export const SMALL_UTXO_FEE_PRESETS: FeeTiers<number> = { high: 8, medium: 4, low: 2 };
/** DGB preset tiers (sat/byte). */
export const DGB_FEE_PRESETS: FeeTiers<number> = { high: 200, medium: 150, low: 100 };
/** DOGE fixed fee: 1000 sat/byte. */
export const DOGE_FIXED_FEE_RATE = 1000n;
/** BNB fixed fee 0.000075 BNB (8 decimals). */
export const BNB_FIXED_FEE = 7_500n;
/** XLM fixed fee 0.00001 XLM in stroops (doubled when creating the recipient account). */
export const XLM_FIXED_FEE = 100n;

/** Chain ids natively supported and therefore excluded from the addable EVM list. */
export const NATIVE_EVM_CHAIN_IDS: readonly number[] = [0, 1, 56, 50];
/** EVM network ids named by the spec. */
export const EVM_NETWORK_IDS = {
  ethereum: 1,
  ropsten: 3,
  rinkeby: 4,
  goerli: 5,
  sepolia: 11155111,
  kovan: 42,
  bsc: 56,
  bscTestnet: 97,
  hme: 886,
  hmeTestnet: 887,
  xdc: 50,
} as const;

/** Tokens of the second (EU) buy provider on ETH. */
export const EU_PROVIDER_ETH_TOKENS: readonly string[] = [
  'ETH',
  'USDT',
  'COMP',
  'LINK',
  'Maker',
  'USDC',
  'UNI',
];

const UTXO_BIPS: readonly Bip[] = [BIP_LEGACY, BIP_WRAPPED_SEGWIT];
const BTC_BIPS: readonly Bip[] = [BIP_LEGACY, BIP_WRAPPED_SEGWIT, BIP_NATIVE_SEGWIT, BIP_TAPROOT];

const PRIMARY_BUY: readonly ChainSymbol[] = ['ETH', 'BTC', 'BCH', 'LTC', 'DOGE', 'XLM', 'SOL'];
const EU_BUY: readonly ChainSymbol[] = ['ETH', 'BTC', 'BCH', 'LTC', 'XRP', 'DOGE', 'BSC', 'TRX'];
const TOKEN_CAPABLE: readonly ChainSymbol[] = [
  'ETH',
  'TETH',
  'BSC',
  'TBSC',
  'HME',
  'XDC',
  'SOL',
  'TRX',
  'EVM',
];
const HIDDEN_FEE: readonly ChainSymbol[] = [
  'XRP',
  'BNB',
  'XLM',
  'DOGE',
  'TRX',
  'BSC',
  'TBSC',
  'SOL',
  'FIO',
  'TFIO',
];
const DISPLAY_DIGITS: Partial<Record<ChainSymbol, number>> = {
  ETH: 9,
  TETH: 9,
  BSC: 9,
  TBSC: 9,
  XRP: 6,
  TRX: 6,
  XLM: 7,
};

function explorer(base: string, tx: string, address: string): ExplorerInfo {
  return { base, tx, address };
}

type ChainSeed = Pick<ChainInfo, 'symbol' | 'name' | 'family' | 'coinType' | 'decimals' | 'feeSource'> &
  Partial<ChainInfo>;

function define(seed: ChainSeed): ChainInfo {
  const s = seed.symbol;
  // The bitcoin family is the UTXO family; every EVM entry but the user-added 'EVM' is a native EVM chain.
  const utxo = seed.family === 'bitcoin';
  const bips = seed.bips ?? (utxo ? UTXO_BIPS : [BIP_LEGACY]);
  return {
    testnet: false,
    hardenedPath: false,
    portalOnly: false,
    nft: false,
    tokenStandards: [],
    ...seed,
    utxo,
    tokenCapable: TOKEN_CAPABLE.includes(s),
    hiddenFee: HIDDEN_FEE.includes(s),
    nativeEvm: seed.family === 'evm' && s !== 'EVM',
    displayDigits: DISPLAY_DIGITS[s] ?? DEFAULT_DISPLAY_DIGITS,
    bips,
    defaultBip: seed.defaultBip ?? bips[0] ?? BIP_LEGACY,
    feeUnit: seed.family === 'evm' ? 'Gwei' : 'Satoshi',
    buyProviders: [
      ...(PRIMARY_BUY.includes(s) ? (['primary'] as const) : []),
      ...(EU_BUY.includes(s) ? (['secondary'] as const) : []),
    ],
  };
}

const EVM_DECIMALS = 18;
const BTC_FAMILY_DECIMALS = 8;

export const CHAINS: Readonly<Record<ChainSymbol, ChainInfo>> = {
  BTC: define({
    symbol: 'BTC',
    priceId: 'bitcoin',
    name: 'Bitcoin',
    family: 'bitcoin',
    coinType: 0,
    decimals: BTC_FAMILY_DECIMALS,
    bips: BTC_BIPS,
    defaultBip: BIP_NATIVE_SEGWIT,
    feeSource: 'networkTiers',
    feePresets: BTC_FALLBACK_FEE_TIERS,
    explorer: explorer('https://mempool.space', '/tx/{hash}', '/address/{address}'),
  }),
  TBTC: define({
    symbol: 'TBTC',
    name: 'Bitcoin Testnet',
    family: 'bitcoin',
    coinType: 1, // (not in spec) SLIP-44 testnet
    decimals: BTC_FAMILY_DECIMALS,
    testnet: true,
    bips: BTC_BIPS,
    defaultBip: BIP_NATIVE_SEGWIT,
    feeSource: 'networkTiers',
    feePresets: BTC_FALLBACK_FEE_TIERS,
    explorer: explorer('https://mempool.space/testnet', '/tx/{hash}', '/address/{address}'),
  }),
  LTC: define({
    symbol: 'LTC',
    priceId: 'litecoin',
    name: 'Litecoin',
    family: 'bitcoin',
    coinType: 2,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'preset',
    feePresets: SMALL_UTXO_FEE_PRESETS,
    explorer: explorer('https://blockchair.com/litecoin', '/transaction/{hash}', '/address/{address}'),
  }),
  BCH: define({
    symbol: 'BCH',
    priceId: 'bitcoin-cash',
    name: 'Bitcoin Cash',
    family: 'bitcoin',
    coinType: 145,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'preset',
    feePresets: SMALL_UTXO_FEE_PRESETS,
    explorer: explorer('https://blockchair.com/bitcoin-cash', '/transaction/{hash}', '/address/{address}'),
  }),
  GRS: define({
    symbol: 'GRS',
    priceId: 'groestlcoin',
    name: 'Groestlcoin',
    family: 'bitcoin',
    coinType: 17,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'preset',
    feePresets: SMALL_UTXO_FEE_PRESETS,
    explorer: explorer(
      'https://chainz.cryptoid.info/grs',
      '/tx.dws?{hash}.htm',
      '/address.dws?{address}.htm',
    ),
  }),
  DASH: define({
    symbol: 'DASH',
    priceId: 'dash',
    name: 'Dash',
    family: 'bitcoin',
    coinType: 5,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'preset',
    feePresets: SMALL_UTXO_FEE_PRESETS,
    explorer: explorer('https://blockchair.com/dash', '/transaction/{hash}', '/address/{address}'),
  }),
  DGB: define({
    symbol: 'DGB',
    priceId: 'digibyte',
    name: 'DigiByte',
    family: 'bitcoin',
    coinType: 20,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'preset',
    feePresets: DGB_FEE_PRESETS,
    explorer: explorer('https://digiexplorer.info', '/tx/{hash}', '/address/{address}'),
  }),
  DOGE: define({
    symbol: 'DOGE',
    priceId: 'dogecoin',
    name: 'Dogecoin',
    family: 'bitcoin',
    coinType: 3,
    decimals: BTC_FAMILY_DECIMALS,
    feeSource: 'fixed',
    fixedFee: DOGE_FIXED_FEE_RATE,
    explorer: explorer('https://blockchair.com/dogecoin', '/transaction/{hash}', '/address/{address}'),
  }),
  ETH: define({
    symbol: 'ETH',
    priceId: 'ethereum',
    name: 'Ethereum',
    family: 'evm',
    coinType: 60,
    chainId: EVM_NETWORK_IDS.ethereum,
    decimals: EVM_DECIMALS,
    nft: true,
    feeSource: 'networkTiers',
    tokenStandards: ['ERC-20'],
    pricePlatform: 'ethereum',
    explorer: explorer('https://etherscan.io', '/tx/{hash}', '/address/{address}'),
  }),
  TETH: define({
    symbol: 'TETH',
    name: 'Ethereum Testnet',
    family: 'evm',
    coinType: 60,
    // Sepolia: the spec does not name the testnet and Goerli (5) is shut down, so TETH is Ethereum's live testnet.
    chainId: EVM_NETWORK_IDS.sepolia,
    decimals: EVM_DECIMALS,
    testnet: true,
    nft: true,
    feeSource: 'networkTiers',
    tokenStandards: ['ERC-20'],
    explorer: explorer('https://sepolia.etherscan.io', '/tx/{hash}', '/address/{address}'),
  }),
  BSC: define({
    symbol: 'BSC',
    priceId: 'binancecoin',
    name: 'BNB Smart Chain',
    family: 'evm',
    coinType: 60,
    chainId: EVM_NETWORK_IDS.bsc,
    decimals: EVM_DECIMALS,
    feeSource: 'network',
    tokenStandards: ['BEP-20'],
    pricePlatform: 'binance-smart-chain',
    explorer: explorer('https://bscscan.com', '/tx/{hash}', '/address/{address}'),
  }),
  TBSC: define({
    symbol: 'TBSC',
    name: 'BNB Smart Chain Testnet',
    family: 'evm',
    coinType: 60,
    chainId: EVM_NETWORK_IDS.bscTestnet,
    decimals: EVM_DECIMALS,
    testnet: true,
    feeSource: 'network',
    tokenStandards: ['BEP-20'],
    explorer: explorer('https://testnet.bscscan.com', '/tx/{hash}', '/address/{address}'),
  }),
  XDC: define({
    symbol: 'XDC',
    priceId: 'xdce-crowd-sale',
    name: 'XDC Network',
    family: 'evm',
    // Not SLIP-44's 550: SecuX's SDK derives and shows EVM addresses on m/44'/60'/… only (it refuses
    // m/44'/550'/…), and the device keys EVM accounts by (coin type 60, chain id), so XDC is coin 60 on chain 50.
    coinType: 60,
    chainId: EVM_NETWORK_IDS.xdc,
    decimals: EVM_DECIMALS,
    feeSource: 'networkTiers',
    // Spec 02 §7 XDC: NFT collections by owner and a collection's NFTs by owner (collections 300, NFTs 50), so XDC
    // has the NFTs tab too (spec 01 §2 names only ETH and TETH for it; the calls spec 02 lists for XDC are its NFTs).
    nft: true,
    tokenStandards: ['XDC-20'],
    pricePlatform: 'xdc-network',
    explorer: explorer('https://xdcscan.io', '/tx/{hash}', '/address/{address}'),
  }),
  HME: define({
    symbol: 'HME',
    // No priceId: no price service lists a market for HME (chain 886), so its value is 'Price N/A'.
    name: 'HME',
    family: 'evm',
    coinType: 60, // (not in spec) EVM coin type
    chainId: EVM_NETWORK_IDS.hme,
    decimals: EVM_DECIMALS,
    feeSource: 'networkTiers',
    tokenStandards: ['ERC-20'],
  }),
  EVM: define({
    symbol: 'EVM',
    name: 'EVM chains',
    family: 'evm',
    coinType: 60,
    decimals: EVM_DECIMALS,
    feeSource: 'network',
    tokenStandards: ['ERC-20'],
  }),
  BNB: define({
    symbol: 'BNB',
    priceId: 'binancecoin',
    name: 'BNB Beacon Chain',
    family: 'bnb',
    coinType: 714,
    decimals: 8,
    feeSource: 'fixed',
    fixedFee: BNB_FIXED_FEE,
    memo: 'Memo',
    explorer: explorer('https://explorer.bnbchain.org', '/tx/{hash}', '/address/{address}'),
  }),
  XRP: define({
    symbol: 'XRP',
    priceId: 'ripple',
    name: 'XRP Ledger',
    family: 'xrp',
    coinType: 144,
    decimals: 6,
    feeSource: 'network',
    memo: 'Tag',
    explorer: explorer('https://livenet.xrpl.org', '/transactions/{hash}', '/accounts/{address}'),
  }),
  XLM: define({
    symbol: 'XLM',
    priceId: 'stellar',
    name: 'Stellar',
    family: 'stellar',
    coinType: 148,
    decimals: 7,
    hardenedPath: true,
    feeSource: 'fixed',
    fixedFee: XLM_FIXED_FEE,
    memo: 'Memo',
    accountNameLabel: 'Stellar',
    explorer: explorer('https://stellar.expert/explorer/public', '/tx/{hash}', '/account/{address}'),
  }),
  TRX: define({
    symbol: 'TRX',
    priceId: 'tron',
    name: 'Tron',
    family: 'tron',
    coinType: 195,
    decimals: 6,
    feeSource: 'network',
    tokenStandards: ['TRC-20', 'TRC-10'],
    pricePlatform: 'tron',
    explorer: explorer('https://tronscan.org', '/#/transaction/{hash}', '/#/address/{address}'),
  }),
  SOL: define({
    symbol: 'SOL',
    priceId: 'solana',
    name: 'Solana',
    family: 'solana',
    coinType: 501,
    decimals: 9,
    hardenedPath: true,
    feeSource: 'network',
    pricePlatform: 'solana',
    explorer: explorer('https://solscan.io', '/tx/{hash}', '/account/{address}'),
  }),
  FIO: define({
    symbol: 'FIO',
    priceId: 'fio-protocol',
    name: 'FIO Protocol',
    family: 'fio',
    coinType: 235,
    decimals: 9,
    feeSource: 'network',
    explorer: explorer('https://fio.bloks.io', '/transaction/{hash}', '/account/{address}'),
  }),
  TFIO: define({
    symbol: 'TFIO',
    name: 'FIO Testnet',
    family: 'fio',
    coinType: 235, // (not in spec) FIO testnet keeps the FIO coin type
    decimals: 9,
    testnet: true,
    feeSource: 'network',
    explorer: explorer('https://fio-test.bloks.io', '/transaction/{hash}', '/account/{address}'),
  }),
  ADA: define({
    symbol: 'ADA',
    priceId: 'cardano',
    name: 'Cardano',
    family: 'ada',
    coinType: 1815, // (not in spec) SLIP-44 Cardano
    decimals: 6,
    bips: [BIP_CARDANO],
    feeSource: 'network',
    portalOnly: true,
  }),
};

export function isChainSymbol(value: string): value is ChainSymbol {
  return (CHAIN_SYMBOLS as readonly string[]).includes(value);
}

export function getChain(symbol: ChainSymbol): ChainInfo {
  return CHAINS[symbol];
}

/**
 * Finds the chain of a device account by coin type and (for coin type 60) chain id.
 * Coin type 60 with an unknown chain id is a generic 'EVM' chain.
 */
export function chainByCoinType(coinType: number, chainId?: number): ChainInfo | undefined {
  const candidates = Object.values(CHAINS).filter((c) => c.coinType === coinType && c.symbol !== 'EVM');
  if (chainId !== undefined && candidates.some((c) => c.chainId !== undefined)) {
    const exact = candidates.find((c) => c.chainId === chainId);
    if (exact) return exact;
    if (coinType === CHAINS.EVM.coinType) return CHAINS.EVM;
  }
  return candidates.find((c) => !c.testnet) ?? candidates[0];
}

export function supportsBuy(symbol: ChainSymbol, provider?: BuyProvider): boolean {
  const providers = CHAINS[symbol].buyProviders;
  return provider ? providers.includes(provider) : providers.length > 0;
}

/**
 * What a buy provider's widget buys for a coin's account: the coin itself, or, for the second provider on ETH, the
 * coin and the tokens it sells on Ethereum (spec 01 buy widgets) — the user picks one; the address is the same.
 * Empty when the provider does not serve the coin.
 */
export function buyAssets(symbol: ChainSymbol, provider: BuyProvider): readonly string[] {
  if (!supportsBuy(symbol, provider)) return [];
  return provider === 'secondary' && symbol === 'ETH' ? EU_PROVIDER_ETH_TOKENS : [symbol];
}

/** Fee-too-high rule (3× the high fee) applies to ETH, HME and XDC, not BSC (§5). */
export function hasEvmFeeTooHighCheck(symbol: ChainSymbol): boolean {
  return symbol === 'ETH' || symbol === 'HME' || symbol === 'XDC';
}

/** BTC address-type label for a bip, e.g. 84 → 'NATIVE SEGWIT' (BTC cards only). */
export function btcAddressTypeLabel(bip: number): string | undefined {
  return (BTC_ADDRESS_TYPE_LABELS as Record<number, string | undefined>)[bip];
}

function fill(template: string, key: string, value: string): string {
  return template.replace(`{${key}}`, encodeURIComponent(value));
}

export function explorerTxUrl(symbol: ChainSymbol, hash: string): string | undefined {
  const e = CHAINS[symbol].explorer;
  return e ? e.base + fill(e.tx, 'hash', hash) : undefined;
}

export function explorerAddressUrl(symbol: ChainSymbol, address: string): string | undefined {
  const e = CHAINS[symbol].explorer;
  return e ? e.base + fill(e.address, 'address', address) : undefined;
}

/** The UTXO (bitcoin-family) chains, in registry order: derived from the table's family field. */
export const UTXO_CHAIN_SYMBOLS: readonly ChainSymbol[] = CHAIN_SYMBOLS.filter((s) => CHAINS[s].utxo);
/** The native EVM chains (the coin menu's own entries; 'EVM' is the user-added chains' entry). */
export const NATIVE_EVM_SYMBOLS: readonly ChainSymbol[] = CHAIN_SYMBOLS.filter((s) => CHAINS[s].nativeEvm);

export function isUtxoChain(symbol: string | null | undefined): boolean {
  return !!symbol && isChainSymbol(symbol) && CHAINS[symbol].utxo;
}

export function isNativeEvmChain(symbol: string | null | undefined): boolean {
  return !!symbol && isChainSymbol(symbol) && CHAINS[symbol].nativeEvm;
}

/** History page size of every chain (§9): the server's pages, the families' requests and the screens. */
export const HISTORY_PAGE_SIZE = 10;
