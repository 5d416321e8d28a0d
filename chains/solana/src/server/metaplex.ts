/**
 * A token's name from the chain: the Metaplex Token Metadata account of a mint (any token program) and the
 * Token-2022 TokenMetadata extension. Neither is vetted by anyone: the names are checked as short printable text and
 * the answer marks them unverified unless the mint is in the server's token list.
 *
 * The Metadata account is decoded here by hand (about 40 lines) rather than with @metaplex-foundation/mpl-token-metadata,
 * which brings the Umi framework and its serializers for the one struct prefix we read. Layout (Borsh, mpl-token-metadata
 * `state/metadata.rs`): key u8 (MetadataV1 = 4), update authority (32 bytes), mint (32 bytes), then `Data`: name,
 * symbol and uri as Borsh strings (u32 little-endian byte length, then UTF-8), which the program pads with NUL bytes to
 * their maximum lengths (MAX_NAME_LENGTH 32, MAX_SYMBOL_LENGTH 10, MAX_URI_LENGTH 200). What follows (royalties,
 * creators, collection …) is not read.
 */
import { getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';

/** The Metaplex Token Metadata program (mainnet and devnet). */
export const METAPLEX_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
/** Key::MetadataV1. */
const METADATA_V1 = 4;
export const MAX_NAME_BYTES = 32;
export const MAX_SYMBOL_BYTES = 10;
const MAX_URI_BYTES = 200;

export interface OnChainMeta {
  name: string;
  symbol: string;
}

/** The Metadata account's address of a mint: PDA of ['metadata', program id, mint] under the program. */
export async function metadataAddress(mint: string): Promise<string> {
  const enc = getAddressEncoder();
  const program = METAPLEX_METADATA_PROGRAM as Address;
  const [pda] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: ['metadata', enc.encode(program), enc.encode(mint as Address)],
  });
  return pda;
}

/** Control, format (bidi overrides, zero-width), separator, private-use and unassigned code points. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * One on-chain text: NUL padding removed, trimmed, at most `maxBytes` UTF-8 bytes, nothing unprintable. `null` when
 * empty; `undefined` when it is not acceptable (the whole record is then ignored).
 */
export function chainText(s: string, maxBytes: number): string | null | undefined {
  const t = s.replace(/\0+/g, '').trim();
  if (Buffer.byteLength(t, 'utf8') > maxBytes || UNPRINTABLE.test(t)) return undefined;
  return t || null;
}

/** Name and symbol from any source on chain (Metaplex, Token-2022): both acceptable, and a name or a symbol. */
export function chainMeta(name: unknown, symbol: unknown): OnChainMeta | null {
  if (typeof name !== 'string' || typeof symbol !== 'string') return null;
  const n = chainText(name, MAX_NAME_BYTES);
  const s = chainText(symbol, MAX_SYMBOL_BYTES);
  if (n === undefined || s === undefined || (!n && !s)) return null;
  return { name: n ?? s!, symbol: s ?? n! };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A Metadata account's name, symbol and uri: `null` unless the account is owned by the Metaplex program, is a
 * MetadataV1 of `mint`, and its strings fit their maximum lengths as valid printable UTF-8.
 */
export function decodeMetaplex(
  account: { owner: string; data: Uint8Array | null } | null,
  mint: string,
): (OnChainMeta & { uri: string | null }) | null {
  if (!account || account.owner !== METAPLEX_METADATA_PROGRAM || !account.data) return null;
  const d = account.data;
  if (d.length < 1 + 32 + 32 || d[0] !== METADATA_V1) return null;
  if (getAddressDecoder().decode(d.subarray(33, 65)) !== mint) return null;
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
  let at = 65;
  const str = (max: number): string | null | undefined => {
    if (at + 4 > d.length) return undefined;
    const len = view.getUint32(at, true);
    if (len > max || at + 4 + len > d.length) return undefined;
    let text: string;
    try {
      text = utf8.decode(d.subarray(at + 4, at + 4 + len));
    } catch {
      return undefined;
    }
    at += 4 + len;
    return chainText(text, max);
  };
  const name = str(MAX_NAME_BYTES);
  const symbol = str(MAX_SYMBOL_BYTES);
  const uri = str(MAX_URI_BYTES);
  if (name === undefined || symbol === undefined || uri === undefined || (!name && !symbol)) return null;
  return { name: name ?? symbol!, symbol: symbol ?? name!, uri };
}
