/**
 * Key derivation for the emulator's accounts (SecuX path convention m/{bip}'/{coin}'/{account}'/{change}/{index})
 * and the Litecoin regtest address encodings.
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { base58check, bech32 } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';

export const DEFAULT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/**
 * Litecoin regtest network parameters, as checked against litecoind 0.21.2.1 (getaddressinfo /
 * validateaddress on -regtest):
 * - P2PKH version 0x6f (111): addresses start with m or n (same as Bitcoin testnet).
 * - P2SH version 0x3a (58): addresses start with Q. litecoind also accepts the old 0xc4 (196, "2...")
 *   form in validateaddress/sendtoaddress, but it always prints the 0x3a form.
 * - Bech32 HRP "rltc" (native segwit rltc1q..., taproot rltc1p...).
 * - WIF prefix 0xef (239), BIP32 tpub/tprv (0x043587cf / 0x04358394).
 * The object's shape matches bitcoinjs-lib's Network.
 */
export const LITECOIN_REGTEST = {
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32: 'rltc',
  bip32: { public: 0x043587cf, private: 0x04358394 },
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
} as const;
/** The legacy P2SH version byte litecoind still accepts on regtest/testnet (Bitcoin testnet's). */
export const LITECOIN_REGTEST_LEGACY_SCRIPT_HASH = 0xc4;

export type LtcAddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

export interface EthAccount {
  index: number;
  path: string;
  address: Address;
  privateKey: Hex;
}

export interface LtcAccount {
  type: LtcAddressType;
  account: number;
  path: string;
  address: string;
  publicKey: Hex;
  privateKey: Hex;
}

const b58 = base58check(sha256);
const hash160 = (b: Uint8Array) => ripemd160(sha256(b));

const roots = new Map<string, HDKey>();

/** BIP-32 root of a mnemonic (memoized: the PBKDF2 seed stretch takes most of a second in pure JS). */
export function mnemonicToRoot(mnemonic: string): HDKey {
  const m = mnemonic.trim().split(/\s+/).join(' ');
  let root = roots.get(m);
  if (!root) {
    if (!validateMnemonic(m, wordlist))
      throw new Error('WALLET_EMULATOR_MNEMONIC is not a valid BIP-39 English mnemonic');
    root = HDKey.fromMasterSeed(mnemonicToSeedSync(m));
    roots.set(m, root);
  }
  return root;
}

function keyAt(root: HDKey, p: string): HDKey {
  const k = root.derive(p);
  if (!k.privateKey || !k.publicKey) throw new Error(`cannot derive ${p}`);
  return k;
}

/** EVM accounts m/44'/{coinType}'/{index}'/0/0 for index = 0..count-1 (SecuX convention; coin type 60 by default). */
export function deriveEthAccounts(mnemonic: string, count: number, coinType = 60): EthAccount[] {
  const root = mnemonicToRoot(mnemonic);
  return Array.from({ length: count }, (_, index) => {
    const path = `m/44'/${coinType}'/${index}'/0/0`;
    const privateKey = `0x${bytesToHex(keyAt(root, path).privateKey!)}` as Hex;
    return { index, path, privateKey, address: privateKeyToAccount(privateKey).address };
  });
}

const LTC_BIP: Record<LtcAddressType, number> = { p2pkh: 44, 'p2sh-p2wpkh': 49, p2wpkh: 84 };

export function ltcAddress(publicKey: Uint8Array, type: LtcAddressType, net = LITECOIN_REGTEST): string {
  const h = hash160(publicKey);
  if (type === 'p2pkh') return b58.encode(Uint8Array.from([net.pubKeyHash, ...h]));
  if (type === 'p2wpkh') return bech32.encode(net.bech32, [0, ...bech32.toWords(h)]);
  const redeem = Uint8Array.from([0x00, 0x14, ...h]);
  return b58.encode(Uint8Array.from([net.scriptHash, ...hash160(redeem)]));
}

/** LTC account m/{44|49|84}'/2'/{account}'/0/0 (coin type 2 as on the device, also on regtest). */
export function deriveLtcAccount(
  mnemonic: string,
  type: LtcAddressType,
  account: number,
  root = mnemonicToRoot(mnemonic),
): LtcAccount {
  const path = `m/${LTC_BIP[type]}'/2'/${account}'/0/0`;
  const k = keyAt(root, path);
  return {
    type,
    account,
    path,
    address: ltcAddress(k.publicKey!, type),
    publicKey: `0x${bytesToHex(k.publicKey!)}`,
    privateKey: `0x${bytesToHex(k.privateKey!)}`,
  };
}

/** The LTC addresses the localnet funds: BIP44 and BIP49 accounts 0 and 1, BIP84 account 0. */
export function deriveLtcFundedAccounts(mnemonic: string): LtcAccount[] {
  const root = mnemonicToRoot(mnemonic);
  return [
    deriveLtcAccount(mnemonic, 'p2pkh', 0, root),
    deriveLtcAccount(mnemonic, 'p2pkh', 1, root),
    deriveLtcAccount(mnemonic, 'p2sh-p2wpkh', 0, root),
    deriveLtcAccount(mnemonic, 'p2sh-p2wpkh', 1, root),
    deriveLtcAccount(mnemonic, 'p2wpkh', 0, root),
  ];
}

/**
 * The fixed contract deployer: a key independent of the mnemonic, so the token contracts get the same
 * addresses whatever WALLET_EMULATOR_MNEMONIC is (CREATE address = f(deployer, nonce 0, 1, 2)).
 */
export const DEPLOYER_PRIVATE_KEY =
  `0x${bytesToHex(keccak_256(new TextEncoder().encode('secux-companion/localnet/deployer')))}` as Hex;
