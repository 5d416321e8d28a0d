/**
 * The bitcoin-family coins the local UTXO chain serves (every coin of the menu without a node Debian or npm ships;
 * LTC runs on litecoind). Each coin keeps its mainnet (TBTC: testnet) address formats and genesis hash, so the wallet
 * and the server run exactly the code paths they run against the public Blockbooks and mempool.space.
 *
 * Relay policy per coin is the default of the coin's reference node (the values a public Blockbook's backend node
 * runs with). Where a value has changed on the network since the spec was written, the comment says so.
 */
export type UtxoCoinId = 'BTC' | 'TBTC' | 'BCH' | 'GRS' | 'DASH' | 'DGB' | 'DOGE';
export type Bip = 44 | 49 | 84 | 86;

export interface UtxoCoin {
  id: UtxoCoinId;
  /** Blockbook's `blockbook.coin` (the server checks it against its own table). */
  blockbookCoin: string;
  /** Blockbook's `backend.chain`. */
  chain: 'main' | 'test';
  /** SLIP-44 coin type of the device's paths. */
  coinType: number;
  pubKeyHash: number;
  scriptHash: number;
  bech32?: string;
  /** BCH: outputs are written as cash addresses with this prefix, as BCH Blockbooks write them. */
  cashAddrPrefix?: string;
  /** Base58 checksum and transaction / signature hashing: double SHA-256, or GRS's own (Groestl / single SHA-256). */
  groestl: boolean;
  /** BCH: every signature must carry SIGHASH_FORKID and sign the BIP-143 digest. */
  forkId: boolean;
  taproot: boolean;
  /** The purposes the local chain funds for the emulator: the wallet's per coin (core's chain table). */
  bips: readonly Bip[];
  /** Minimum relay fee, satoshi per 1000 virtual bytes. */
  minRelayFeePerKvB: number;
  /**
   * The highest fee rate sendrawtransaction takes (Bitcoin Core's default maxfeerate 0.10 coin/kvB; Dogecoin Core
   * 1.14: 10,000 × the relay floor, its "absurdly-high-fee"), satoshi per 1000 virtual bytes.
   */
  maxFeeRatePerKvB: number;
  /** BIP-125 rule 4's incremental relay fee, satoshi per 1000 virtual bytes. */
  incrementalRelayFeePerKvB: number;
  /** Fee rate of the dust rule, satoshi per 1000 bytes; DOGE uses a flat limit instead. */
  dustRelayFeePerKvB: number;
  /** DOGE: outputs below this many satoshi are dust, whatever their type. */
  flatDustLimit?: number;
  /**
   * Where a fee above maxFeeRatePerKvB is refused: by sendrawtransaction once the transaction would be accepted
   * (Bitcoin Core: -25 "Fee exceeds maximum…"), or among the mempool checks before the scripts (Dogecoin Core 1.14:
   * -26 "absurdly-high-fee").
   */
  maxFeeCheck: 'broadcast' | 'mempool';
  /** The coin has mempool.space's fee API (BTC, TBTC). */
  mempoolFees: boolean;
  /**
   * Replacement of an unconfirmed spend: 'full' (Bitcoin Core 28+ replaces any transaction), 'optin' (BIP-125: only
   * when the replaced transaction signals), 'none' (first seen wins: BCH and Dash nodes have no replacement).
   */
  rbf: 'full' | 'optin' | 'none';
  /** The network's genesis block hash (mempool's chain check asks for it). */
  genesis: string;
  /** Coins each funded address of the emulator receives. */
  fundCoins: number;
}

const DOUBLE_SHA = { groestl: false } as const;

type RelayPolicy = Pick<
  UtxoCoin,
  | 'minRelayFeePerKvB'
  | 'maxFeeRatePerKvB'
  | 'incrementalRelayFeePerKvB'
  | 'dustRelayFeePerKvB'
  | 'maxFeeCheck'
> &
  Pick<Partial<UtxoCoin>, 'flatDustLimit'>;
/**
 * Bitcoin Core 29.1 and 30: -minrelaytxfee and -incrementalrelayfee lowered from 1 to 0.1 sat/vB (the spec predates
 * it); -dustrelayfee still 3 sat/vB; sendrawtransaction's maxfeerate 0.10 BTC/kvB.
 */
const CORE_30: RelayPolicy = {
  minRelayFeePerKvB: 100,
  maxFeeRatePerKvB: 10_000_000,
  incrementalRelayFeePerKvB: 100,
  dustRelayFeePerKvB: 3000,
  maxFeeCheck: 'broadcast',
};
/** Bitcoin Core's 1 sat/vB floors, which Bitcoin Cash Node, Dash Core, DigiByte and Groestlcoin Core keep. */
const CORE_1SAT: RelayPolicy = { ...CORE_30, minRelayFeePerKvB: 1000, incrementalRelayFeePerKvB: 1000 };
/**
 * Dogecoin Core 1.14.5+: 0.001 DOGE/kB relay floor, a flat 0.01 DOGE dust limit (-dustlimit) and an absurd fee at
 * 10,000 times the floor, refused among the mempool checks.
 */
const DOGECOIN_1_14: RelayPolicy = {
  minRelayFeePerKvB: 100_000,
  maxFeeRatePerKvB: 1_000_000_000,
  incrementalRelayFeePerKvB: 100_000,
  dustRelayFeePerKvB: 0,
  flatDustLimit: 1_000_000,
  maxFeeCheck: 'mempool',
};

export const UTXO_COINS: Readonly<Record<UtxoCoinId, UtxoCoin>> = {
  BTC: {
    id: 'BTC',
    blockbookCoin: 'Bitcoin',
    chain: 'main',
    coinType: 0,
    pubKeyHash: 0x00,
    scriptHash: 0x05,
    bech32: 'bc',
    ...DOUBLE_SHA,
    forkId: false,
    taproot: true,
    bips: [44, 49, 84, 86],
    ...CORE_30,
    mempoolFees: true,
    // Bitcoin Core 28 turned -mempoolfullrbf on by default and 29 removed the option.
    rbf: 'full',
    genesis: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    fundCoins: 2,
  },
  TBTC: {
    id: 'TBTC',
    blockbookCoin: 'Testnet',
    chain: 'test',
    coinType: 1,
    pubKeyHash: 0x6f,
    scriptHash: 0xc4,
    bech32: 'tb',
    ...DOUBLE_SHA,
    forkId: false,
    taproot: true,
    bips: [44, 49, 84, 86],
    ...CORE_30,
    mempoolFees: true,
    rbf: 'full',
    // testnet3's genesis (the server also accepts testnet4's and signet's)
    genesis: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    fundCoins: 2,
  },
  BCH: {
    id: 'BCH',
    blockbookCoin: 'Bcash',
    chain: 'main',
    coinType: 145,
    pubKeyHash: 0x00,
    scriptHash: 0x05,
    cashAddrPrefix: 'bitcoincash',
    ...DOUBLE_SHA,
    forkId: true,
    taproot: false,
    bips: [44],
    ...CORE_1SAT,
    mempoolFees: false,
    // Bitcoin Cash Node: no replacement of unconfirmed spends.
    rbf: 'none',
    genesis: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    fundCoins: 5,
  },
  GRS: {
    id: 'GRS',
    blockbookCoin: 'Groestlcoin',
    chain: 'main',
    coinType: 17,
    pubKeyHash: 0x24,
    scriptHash: 0x05,
    bech32: 'grs',
    groestl: true,
    forkId: false,
    taproot: false,
    bips: [44, 49],
    ...CORE_1SAT,
    mempoolFees: false,
    rbf: 'optin',
    genesis: '00000ac5927c594d49cc0bdb81759d0da8297eb614683d3acb62f0703b639023',
    fundCoins: 50,
  },
  DASH: {
    id: 'DASH',
    blockbookCoin: 'Dash',
    chain: 'main',
    coinType: 5,
    pubKeyHash: 0x4c,
    scriptHash: 0x10,
    ...DOUBLE_SHA,
    forkId: false,
    taproot: false,
    bips: [44],
    ...CORE_1SAT,
    mempoolFees: false,
    // Dash Core: no replacement (InstantSend locks the first spend).
    rbf: 'none',
    genesis: '00000ffd590b1485b3caadc19b22e6379c733355108f107a430458cdf3407ab6',
    fundCoins: 5,
  },
  DGB: {
    id: 'DGB',
    blockbookCoin: 'DigiByte',
    chain: 'main',
    coinType: 20,
    pubKeyHash: 0x1e,
    scriptHash: 0x3f,
    bech32: 'dgb',
    ...DOUBLE_SHA,
    forkId: false,
    taproot: false,
    bips: [44, 49],
    ...CORE_1SAT,
    mempoolFees: false,
    rbf: 'optin',
    genesis: '7497ea1b465eb39f1c8f507bc877078fe016d6fcb6dfad3a64c98dcc6e1e8496',
    fundCoins: 1000,
  },
  DOGE: {
    id: 'DOGE',
    blockbookCoin: 'Dogecoin',
    chain: 'main',
    coinType: 3,
    pubKeyHash: 0x1e,
    scriptHash: 0x16,
    ...DOUBLE_SHA,
    forkId: false,
    taproot: false,
    bips: [44],
    ...DOGECOIN_1_14,
    mempoolFees: false,
    rbf: 'optin',
    genesis: '1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691',
    fundCoins: 1000,
  },
};

export const UTXO_COIN_IDS = Object.keys(UTXO_COINS) as UtxoCoinId[];
