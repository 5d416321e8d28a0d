/**
 * Signed messages on EVM chains: `personal_sign` texts and EIP-712 typed data. Typed data is parsed and checked
 * with viem before the device sees it, and shown as a tree of its fields; a signature is checked by recovering its
 * signer (no network: a contract wallet's EIP-1271 signature is not read).
 */
import {
  hashTypedData,
  isAddress,
  isAddressEqual,
  isHex,
  recoverMessageAddress,
  recoverTypedDataAddress,
  type TypedDataDefinition,
} from 'viem';
import type { MessageCheck } from '@secux-companion/chain-common';

/** One line of typed data as the user reads it: a field and its value, or a struct / array with its members. */
export interface TypedNode {
  label: string;
  value?: string;
  children?: TypedNode[];
}

/** Typed data the user pasted, checked: its definition for signing and verifying, and the tree to show. */
export interface ParsedTypedData {
  definition: TypedDataDefinition;
  tree: TypedNode[];
  /** The domain's chain id, when it names one. */
  chainId?: number;
}

/** Typed data that is too big to read on a screen (and a sign of abuse): 64 KiB of JSON. */
const MAX_TYPED_JSON = 65_536;

type Field = { name: string; type: string };

/** Levels of nesting shown; a recursive type's tree stops there (the data hashed is not cut). */
const MAX_TREE_DEPTH = 16;

function node(
  label: string,
  value: unknown,
  type: string,
  types: Record<string, readonly Field[]>,
  depth = 0,
): TypedNode {
  if (depth >= MAX_TREE_DEPTH) return { label, value: '…' };
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const items = Array.isArray(value) ? value : [];
    return { label, children: items.map((v, i) => node(`${label}[${i}]`, v, array[1]!, types, depth + 1)) };
  }
  const struct = types[type];
  if (struct) {
    const record = (value ?? {}) as Record<string, unknown>;
    return { label, children: struct.map((f) => node(f.name, record[f.name], f.type, types, depth + 1)) };
  }
  return { label, value: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * Parses EIP-712 typed data (the JSON of `eth_signTypedData_v4`); throws when it is not JSON, lacks a part, or does
 * not hash (viem checks every type, address and integer bound).
 */
export function parseTypedData(json: string): ParsedTypedData {
  if (json.length > MAX_TYPED_JSON) throw new Error('typed data too large');
  const data = JSON.parse(json) as Partial<TypedDataDefinition> & {
    types?: Record<string, readonly Field[]>;
  };
  if (!data || typeof data !== 'object' || !data.types || !data.primaryType || !data.message || !data.domain)
    throw new Error('typed data needs types, primaryType, domain and message');
  const definition = data as TypedDataDefinition;
  hashTypedData(definition);
  const types = data.types as Record<string, readonly Field[]>;
  const domainFields =
    types.EIP712Domain ?? Object.keys(data.domain).map((name) => ({ name, type: 'string' }));
  const domain = node('domain', data.domain, 'EIP712Domain', { ...types, EIP712Domain: domainFields });
  const message = node(String(data.primaryType), data.message, String(data.primaryType), types);
  const chainId = (data.domain as { chainId?: number | string | bigint }).chainId;
  return {
    definition,
    tree: [domain, message],
    ...(chainId !== undefined ? { chainId: Number(chainId) } : {}),
  };
}

/** Whether `signature` (0x, 65 bytes) over the text or the typed data was made by `address`. */
export async function verifyEvmMessage(
  kind: 'text' | 'typed',
  address: string,
  message: string,
  signature: string,
): Promise<MessageCheck> {
  const sig = signature.trim();
  const who = address.trim();
  if (!isAddress(who, { strict: false }) || !isHex(sig) || sig.length !== 132) return 'unreadable';
  let definition: TypedDataDefinition | undefined;
  if (kind === 'typed') {
    try {
      definition = parseTypedData(message).definition;
    } catch {
      return 'unreadable';
    }
  }
  try {
    const signer = definition
      ? await recoverTypedDataAddress({ ...definition, signature: sig })
      : await recoverMessageAddress({ message, signature: sig });
    return isAddressEqual(signer, who) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}
