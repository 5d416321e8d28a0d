/**
 * Bitcoin-family network parameters (address prefixes, bech32 hrp, BIP-32 versions,
 * SecuX device coin) for BTC, TBTC, LTC (+ the local Litecoin regtest), BCH, GRS, DASH,
 * DGB and DOGE.
 */
import type { Bip, ChainSymbol } from '@secux-companion/core';

export type NetworkId = 'BTC' | 'TBTC' | 'LTC' | 'LTC_REGTEST' | 'BCH' | 'GRS' | 'DASH' | 'DGB' | 'DOGE';

/** SecuX app-btc CoinType values (node_modules/@secux/app-btc/lib/interface.d.ts). */
export const SECUX_COIN = {
  BITCOIN: 0,
  TESTNET: 1,
  REGTEST: 2,
  LITECOIN: 3,
  BITCOINCASH: 4,
  GROESTL: 5,
  DIGIBYTE: 6,
  DASH: 7,
  DOGECOIN: 8,
} as const;

/** SecuX app-btc ScriptType values. */
export const SECUX_SCRIPT = {
  P2PKH: 0,
  P2WPKH: 1,
  P2SH: 2,
  P2SH_P2PKH: 3,
  P2SH_P2WPKH: 4,
  P2TR: 5,
  P2WSH: 6,
} as const;

/** Known extended-public-key version bytes (all accepted on every network: same key material). */
export const XPUB_VERSIONS: Readonly<Record<string, number>> = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
  tpub: 0x043587cf,
  upub: 0x044a5262,
  vpub: 0x045f1cf6,
  Ltub: 0x019da462,
  Mtub: 0x01b26ef6,
  ttub: 0x0436f6e1,
  dgub: 0x02facafd,
};

export interface UtxoNetwork {
  id: NetworkId;
  /** Core chain symbol (fees, dust, explorer, coin type). */
  chain: ChainSymbol;
  name: string;
  /**
   * The text its wallets sign before a message (Core's `strMessageMagic`); absent where this wallet does not read
   * the chain's signed messages.
   */
  messageMagic?: string;
  pubKeyHash: number;
  scriptHash: number;
  /** Further P2SH version bytes accepted when decoding (LTC '3…', regtest 0xc4, DGB '3…'). */
  scriptHashAlt: readonly number[];
  /** bech32 human-readable part; undefined when the chain has no segwit. */
  bech32?: string;
  /** Cash-address prefix (BCH). */
  cashAddrPrefix?: string;
  /** Base58 checksum: double SHA-256, or double Groestl-512 (GRS). */
  checksum: 'sha256d' | 'groestl';
  /** Transaction id hash: double SHA-256, or single SHA-256 (GRS). */
  txidHash: 'sha256d' | 'sha256';
  /** Purposes the network supports for accounts. */
  bips: readonly Bip[];
  /** Version bytes used when serialising keys of this network (tests, bitcoinjs). */
  bip32: { public: number; private: number };
  wif: number;
  /** SecuX device coin. */
  secuxCoin: number;
  /**
   * Network whose address encoding the device understands. The local Litecoin regtest
   * is signed as LITECOIN: recipient addresses are re-encoded (same script) for the device.
   */
  deviceNetwork: NetworkId;
  /** BCH-style SIGHASH_FORKID signing (the device needs no previous transactions). */
  forkId: boolean;
  /**
   * Default BIP-125 signalling of new sends; the family's speed-up (RBF / CPFP) is offered on these networks
   * (BTC, TBTC, and the local regtest where the end-to-end tests speed sends up).
   */
  rbf: boolean;
  testnet: boolean;
  /** The local profile's chain (localnet): no public explorer. */
  local: boolean;
}

const SEGWIT_BIPS: readonly Bip[] = [44, 49, 84];
const BTC_BIPS: readonly Bip[] = [44, 49, 84, 86];
const LEGACY_ONLY: readonly Bip[] = [44];
const XPRV = 0x0488ade4;
const TPRV = 0x04358394;

function net(
  seed: Omit<UtxoNetwork, 'scriptHashAlt' | 'checksum' | 'txidHash' | 'forkId' | 'rbf' | 'testnet' | 'local' | 'deviceNetwork'> &
    Partial<UtxoNetwork>,
): UtxoNetwork {
  return {
    scriptHashAlt: [],
    checksum: 'sha256d',
    txidHash: 'sha256d',
    forkId: false,
    rbf: false,
    testnet: false,
    local: false,
    deviceNetwork: seed.id,
    ...seed,
  };
}

export const NETWORKS: Readonly<Record<NetworkId, UtxoNetwork>> = {
  BTC: net({
    id: 'BTC',
    chain: 'BTC',
    name: 'Bitcoin',
    messageMagic: 'Bitcoin Signed Message:\n',
    pubKeyHash: 0x00,
    scriptHash: 0x05,
    bech32: 'bc',
    bips: BTC_BIPS,
    bip32: { public: XPUB_VERSIONS.xpub!, private: XPRV },
    wif: 0x80,
    secuxCoin: SECUX_COIN.BITCOIN,
    rbf: true,
  }),
  TBTC: net({
    id: 'TBTC',
    chain: 'TBTC',
    name: 'Bitcoin Testnet',
    messageMagic: 'Bitcoin Signed Message:\n',
    pubKeyHash: 0x6f,
    scriptHash: 0xc4,
    bech32: 'tb',
    bips: BTC_BIPS,
    bip32: { public: XPUB_VERSIONS.tpub!, private: TPRV },
    wif: 0xef,
    secuxCoin: SECUX_COIN.TESTNET,
    rbf: true,
    testnet: true,
  }),
  LTC: net({
    id: 'LTC',
    chain: 'LTC',
    name: 'Litecoin',
    messageMagic: 'Litecoin Signed Message:\n',
    pubKeyHash: 0x30,
    scriptHash: 0x32,
    scriptHashAlt: [0x05],
    bech32: 'ltc',
    bips: SEGWIT_BIPS,
    bip32: { public: XPUB_VERSIONS.Ltub!, private: 0x019d9cfe },
    wif: 0xb0,
    secuxCoin: SECUX_COIN.LITECOIN,
  }),
  /** The local Litecoin regtest (localnet): accounts use LTC paths (coin type 2). */
  LTC_REGTEST: net({
    id: 'LTC_REGTEST',
    chain: 'LTC',
    name: 'Litecoin Regtest',
    messageMagic: 'Litecoin Signed Message:\n',
    pubKeyHash: 0x6f,
    scriptHash: 0x3a,
    scriptHashAlt: [0xc4],
    bech32: 'rltc',
    bips: SEGWIT_BIPS,
    bip32: { public: XPUB_VERSIONS.tpub!, private: TPRV },
    wif: 0xef,
    secuxCoin: SECUX_COIN.LITECOIN,
    deviceNetwork: 'LTC',
    rbf: true,
    testnet: true,
    local: true,
  }),
  BCH: net({
    id: 'BCH',
    chain: 'BCH',
    name: 'Bitcoin Cash',
    messageMagic: 'Bitcoin Signed Message:\n',
    pubKeyHash: 0x00,
    scriptHash: 0x05,
    cashAddrPrefix: 'bitcoincash',
    bips: LEGACY_ONLY,
    bip32: { public: XPUB_VERSIONS.xpub!, private: XPRV },
    wif: 0x80,
    secuxCoin: SECUX_COIN.BITCOINCASH,
    forkId: true,
  }),
  GRS: net({
    id: 'GRS',
    chain: 'GRS',
    name: 'Groestlcoin',
    pubKeyHash: 0x24,
    scriptHash: 0x05,
    bech32: 'grs',
    checksum: 'groestl',
    txidHash: 'sha256',
    bips: SEGWIT_BIPS,
    bip32: { public: XPUB_VERSIONS.xpub!, private: XPRV },
    wif: 0x80,
    secuxCoin: SECUX_COIN.GROESTL,
  }),
  DASH: net({
    id: 'DASH',
    chain: 'DASH',
    name: 'Dash',
    messageMagic: 'DarkCoin Signed Message:\n',
    pubKeyHash: 0x4c,
    scriptHash: 0x10,
    bips: LEGACY_ONLY,
    bip32: { public: XPUB_VERSIONS.xpub!, private: XPRV },
    wif: 0xcc,
    secuxCoin: SECUX_COIN.DASH,
  }),
  DGB: net({
    id: 'DGB',
    chain: 'DGB',
    name: 'DigiByte',
    pubKeyHash: 0x1e,
    scriptHash: 0x3f,
    scriptHashAlt: [0x05],
    bech32: 'dgb',
    bips: SEGWIT_BIPS,
    bip32: { public: XPUB_VERSIONS.xpub!, private: XPRV },
    wif: 0x80,
    secuxCoin: SECUX_COIN.DIGIBYTE,
  }),
  DOGE: net({
    id: 'DOGE',
    chain: 'DOGE',
    name: 'Dogecoin',
    messageMagic: 'Dogecoin Signed Message:\n',
    pubKeyHash: 0x1e,
    scriptHash: 0x16,
    bips: LEGACY_ONLY,
    bip32: { public: XPUB_VERSIONS.dgub!, private: 0x02fac398 },
    wif: 0x9e,
    secuxCoin: SECUX_COIN.DOGECOIN,
  }),
};

export function getNetwork(id: NetworkId): UtxoNetwork {
  return NETWORKS[id];
}

/** The mainnet/testnet network of a core chain symbol (LTC → mainnet; use 'LTC_REGTEST' explicitly). */
export function networkOfChain(chain: ChainSymbol): UtxoNetwork {
  const found = Object.values(NETWORKS).find((n) => n.chain === chain && n.id === chain);
  if (!found) throw new Error(`Not Utxo base: ${chain}`);
  return found;
}

/** bitcoinjs-lib `Network` object of a network (no bech32 → empty hrp). */
export function toBitcoinjsNetwork(n: UtxoNetwork): {
  messagePrefix: string;
  bech32: string;
  bip32: { public: number; private: number };
  pubKeyHash: number;
  scriptHash: number;
  wif: number;
} {
  return {
    // bitcoinjs's form of the message magic: its length byte, then the text (none where the chain signs no messages).
    messagePrefix: n.messageMagic ? `${String.fromCharCode(n.messageMagic.length)}${n.messageMagic}` : '',
    bech32: n.bech32 ?? '',
    bip32: n.bip32,
    pubKeyHash: n.pubKeyHash,
    scriptHash: n.scriptHash,
    wif: n.wif,
  };
}
