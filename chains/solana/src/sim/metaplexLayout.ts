/**
 * A Metaplex Token Metadata account as the program writes it (mpl-token-metadata `state/metadata.rs`, Borsh): key
 * MetadataV1 (4), update authority, mint, then name, symbol and uri as u32-LE-length strings padded with NUL bytes to
 * 32, 10 and 200 bytes (`puff_out_data_fields`), seller fee u16, then the options the program writes as absent
 * (creators, primary-sale flag, mutable, edition nonce, token standard, collection, uses, collection details,
 * programmable config). Localnet writes one directly into LiteSVM under the program's id (the program itself is not
 * deployed: only the account is read).
 */
import { getAddressEncoder, getProgramDerivedAddress, lamports, type Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

export const METAPLEX_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
/** MAX_METADATA_LEN: what the program allocates for every Metadata account. */
export const METADATA_ACCOUNT_SIZE = 679;

export interface MetaplexFields {
  updateAuthority: string;
  mint: string;
  name: string;
  symbol: string;
  uri: string;
  /** Keep the strings as given, without the program's NUL padding (older accounts). */
  unpadded?: boolean;
  /** The account's first byte (MetadataV1 = 4 by default). */
  key?: number;
}

const enc = new TextEncoder();

/** The account data: `size` bytes (679 by default), zero-filled after the fields. */
export function encodeMetaplex(f: MetaplexFields, size = METADATA_ACCOUNT_SIZE): Uint8Array {
  const a = getAddressEncoder();
  const str = (s: string, pad: number) => {
    const b = enc.encode(s);
    const out = new Uint8Array(4 + (f.unpadded ? b.length : Math.max(pad, b.length)));
    new DataView(out.buffer).setUint32(0, out.length - 4, true);
    out.set(b, 4);
    return out;
  };
  const parts = [
    Uint8Array.of(f.key ?? 4),
    a.encode(f.updateAuthority as Address),
    a.encode(f.mint as Address),
    str(f.name, 32),
    str(f.symbol, 10),
    str(f.uri, 200),
    // seller_fee_basis_points 0, creators None, primary_sale_happened false, is_mutable true, edition_nonce None,
    // token_standard Some(Fungible = 2), collection None, uses None, collection_details None, programmable_config None
    Uint8Array.of(0, 0, 0, 0, 1, 0, 1, 2, 0, 0, 0, 0),
  ];
  const data = new Uint8Array(
    Math.max(
      size,
      parts.reduce((n, p) => n + p.length, 0),
    ),
  );
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return data;
}

/** The Metadata account's address of a mint: PDA of ['metadata', program id, mint]. */
export async function metaplexAddress(mint: string): Promise<Address> {
  const a = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    programAddress: METAPLEX_PROGRAM as Address,
    seeds: ['metadata', a.encode(METAPLEX_PROGRAM as Address), a.encode(mint as Address)],
  });
  return pda;
}

/** Writes the mint's Metadata account into the SVM (rent-exempt, owned by the Metaplex program); its address. */
export async function writeMetaplex(svm: LiteSVM, f: MetaplexFields): Promise<Address> {
  const address = await metaplexAddress(f.mint);
  const data = encodeMetaplex(f);
  svm.setAccount({
    address,
    data,
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: METAPLEX_PROGRAM as Address,
    space: BigInt(data.length),
  });
  return address;
}
