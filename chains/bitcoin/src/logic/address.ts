/**
 * Address ⇄ output script per network, recipient validation (core's rules with this
 * package's validator) and script-type detection.
 */
import { validateRecipient, type RecipientStatus, type ScriptType } from '@secux-companion/core';
import {
  base58checkDecode,
  base58checkEncode,
  cashAddrDecode,
  cashAddrEncode,
  segwitDecode,
  segwitEncode,
} from './encoding';
import { NETWORKS, type UtxoNetwork } from './networks';
import { isUnsupportedAddressForm } from './recipientForms';
import { scriptTypeFromAddress } from './scriptType';

/** Output script kinds the wallet can pay to. */
export type OutputType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

export interface DecodedAddress {
  type: OutputType;
  /** Hash / witness program carried by the address. */
  hash: Uint8Array;
  /** scriptPubKey. */
  script: Uint8Array;
  /** Encoding the text used. */
  format: 'base58' | 'bech32' | 'cashaddr';
}

const OP_DUP = 0x76;
const OP_HASH160 = 0xa9;
const OP_EQUALVERIFY = 0x88;
const OP_CHECKSIG = 0xac;
const OP_EQUAL = 0x87;
const OP_0 = 0x00;
const OP_1 = 0x51;

export function outputScript(type: OutputType, hash: Uint8Array): Uint8Array {
  switch (type) {
    case 'p2pkh':
      return Uint8Array.from([OP_DUP, OP_HASH160, 0x14, ...hash, OP_EQUALVERIFY, OP_CHECKSIG]);
    case 'p2sh':
      return Uint8Array.from([OP_HASH160, 0x14, ...hash, OP_EQUAL]);
    case 'p2wpkh':
    case 'p2wsh':
      return Uint8Array.from([OP_0, hash.length, ...hash]);
    case 'p2tr':
      return Uint8Array.from([OP_1, 0x20, ...hash]);
  }
}

/** Classifies a scriptPubKey; null for scripts the wallet does not pay to. */
export function classifyScript(script: Uint8Array): { type: OutputType; hash: Uint8Array } | null {
  const s = script;
  if (s.length === 25 && s[0] === OP_DUP && s[1] === OP_HASH160 && s[2] === 0x14 && s[23] === OP_EQUALVERIFY && s[24] === OP_CHECKSIG)
    return { type: 'p2pkh', hash: s.slice(3, 23) };
  if (s.length === 23 && s[0] === OP_HASH160 && s[1] === 0x14 && s[22] === OP_EQUAL) return { type: 'p2sh', hash: s.slice(2, 22) };
  if (s.length === 22 && s[0] === OP_0 && s[1] === 0x14) return { type: 'p2wpkh', hash: s.slice(2) };
  if (s.length === 34 && s[0] === OP_0 && s[1] === 0x20) return { type: 'p2wsh', hash: s.slice(2) };
  if (s.length === 34 && s[0] === OP_1 && s[1] === 0x20) return { type: 'p2tr', hash: s.slice(2) };
  return null;
}

/** Decodes an address of `network`; null when it is not a valid address there. */
export function decodeAddress(network: UtxoNetwork, address: string): DecodedAddress | null {
  if (network.bech32 && address.toLowerCase().startsWith(`${network.bech32}1`)) {
    const seg = segwitDecode(network.bech32, address);
    if (!seg) return null;
    let type: OutputType | null = null;
    if (seg.version === 0) type = seg.program.length === 20 ? 'p2wpkh' : 'p2wsh';
    else if (seg.version === 1 && seg.program.length === 32) type = 'p2tr';
    if (!type) return null; // future witness versions: not payable by this wallet
    return { type, hash: seg.program, script: outputScript(type, seg.program), format: 'bech32' };
  }
  if (network.cashAddrPrefix) {
    const cash = cashAddrDecode(network.cashAddrPrefix, address);
    if (cash) {
      if (cash.hash.length !== 20) return null;
      return { type: cash.type, hash: cash.hash, script: outputScript(cash.type, cash.hash), format: 'cashaddr' };
    }
  }
  const payload = base58checkDecode(address, network.checksum);
  if (!payload || payload.length !== 21) return null;
  const version = payload[0]!;
  const hash = payload.slice(1);
  let type: OutputType | null = null;
  if (version === network.pubKeyHash) type = 'p2pkh';
  else if (version === network.scriptHash || network.scriptHashAlt.includes(version)) type = 'p2sh';
  if (!type) return null;
  return { type, hash, script: outputScript(type, hash), format: 'base58' };
}

export function isValidAddress(network: UtxoNetwork, address: string): boolean {
  return decodeAddress(network, address) !== null;
}

/**
 * Encodes an output script as an address of `network` (BCH: cash address unless
 * `legacy`); null for scripts without an address form there.
 */
export function addressFromScript(network: UtxoNetwork, script: Uint8Array, options: { legacy?: boolean } = {}): string | null {
  const c = classifyScript(script);
  if (!c) return null;
  switch (c.type) {
    case 'p2pkh':
    case 'p2sh':
      if (network.cashAddrPrefix && !options.legacy) return cashAddrEncode(network.cashAddrPrefix, c.type, c.hash);
      return base58checkEncode(
        Uint8Array.from([c.type === 'p2pkh' ? network.pubKeyHash : network.scriptHash, ...c.hash]),
        network.checksum,
      );
    case 'p2wpkh':
    case 'p2wsh':
      return network.bech32 ? segwitEncode(network.bech32, 0, c.hash) : null;
    case 'p2tr':
      return network.bech32 ? segwitEncode(network.bech32, 1, c.hash) : null;
  }
}

/**
 * BCH rule (spec 02 §5): an address starting with '1' must be valid legacy, any other
 * must be a valid cash address. Other networks: any valid encoding.
 */
export function chainAddressValidator(network: UtxoNetwork): (address: string) => boolean {
  if (network.cashAddrPrefix) {
    return (address) => {
      const d = decodeAddress(network, address);
      if (!d) return false;
      return address.startsWith('1') ? d.format === 'base58' : d.format === 'cashaddr';
    };
  }
  return (address) => isValidAddress(network, address);
}

/**
 * Recipient status with core's rules (empty, alphanumeric, chain validator — skipped on
 * testnets by core —, unsupported forms such as 'ltc1…', DOGE not 'D…', DASH not 'X…').
 * A BCH cash address typed with its 'bitcoincash:' prefix is checked without it.
 */
export function validateRecipientAddress(network: UtxoNetwork, address: string): RecipientStatus {
  const text = network.cashAddrPrefix && address.toLowerCase().startsWith(`${network.cashAddrPrefix}:`)
    ? address.slice(network.cashAddrPrefix.length + 1)
    : address;
  const unsupported = (a: string) => isUnsupportedAddressForm(network.chain, a);
  const status = validateRecipient(network.chain, text, chainAddressValidator(network), unsupported);
  // Core skips validation on testnet chains; still refuse what cannot be turned into a script.
  if (status === 'ok' && network.testnet && !isValidAddress(network, address)) return 'invalid';
  return status;
}

/** The spec's script type of an address (the prefix rule of ./scriptType, spec 01 §5). */
export function specScriptType(address: string): ScriptType {
  return scriptTypeFromAddress(address);
}

/** Script type by decoding the address on its network (exact; includes p2wsh). */
export function addressOutputType(network: UtxoNetwork, address: string): OutputType | null {
  return decodeAddress(network, address)?.type ?? null;
}

/**
 * The address as the device's network encodes it (same script). Used for the local
 * Litecoin regtest, whose 'rltc1…' addresses the device (LITECOIN) cannot parse, and for BCH cash addresses typed
 * with their prefix.
 */
export function deviceAddress(network: UtxoNetwork, address: string): string {
  // SecuX's app-btc takes a BCH cash address without its 'bitcoincash:' prefix (its check allows letters and digits
  // only); a recipient typed with the prefix is the same address.
  const cash = network.cashAddrPrefix && `${network.cashAddrPrefix}:`;
  if (cash && address.toLowerCase().startsWith(cash)) return address.slice(cash.length);
  if (network.deviceNetwork === network.id) return address;
  const decoded = decodeAddress(network, address);
  if (!decoded) throw new Error('invalid address');
  const encoded = addressFromScript(NETWORKS[network.deviceNetwork], decoded.script);
  if (!encoded) throw new Error('invalid address');
  return encoded;
}
