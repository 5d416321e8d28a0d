/**
 * The SPL Token / Token-2022 account layouts, read to answer `jsonParsed` as a Solana node does (the RPC's
 * account-decoder: `program` 'spl-token' / 'spl-token-2022', `parsed: {type: 'mint' | 'account', info}` with
 * Token-2022 `extensions: [{extension, state}]`), and the one Token-2022 extension instruction localnet needs.
 *
 * Layouts (spl-token `state.rs`, spl-token-2022 `extension/mod.rs`):
 * - Mint (82 bytes): mint_authority COption<Pubkey> (4 + 32), supply u64, decimals u8, is_initialized u8,
 *   freeze_authority COption<Pubkey> (4 + 32).
 * - Account (165 bytes): mint 32, owner 32, amount u64, delegate COption<Pubkey> (4 + 32), state u8,
 *   is_native COption<u64> (4 + 8), delegated_amount u64, close_authority COption<Pubkey> (4 + 32).
 * - Token-2022 with extensions: the base padded to 165 bytes, the account type (1 mint, 2 account) at 165, then
 *   TLV entries from 166: type u16 LE, length u16 LE, value.
 */
import { getAddressDecoder, type Address } from '@solana/kit';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

const addr = getAddressDecoder();
const dv = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const pubkey = (b: Uint8Array, o: number): Address => addr.decode(b.subarray(o, o + 32));
const u64 = (b: Uint8Array, o: number) => dv(b).getBigUint64(o, true);
const coptionKey = (b: Uint8Array, o: number) => (dv(b).getUint32(o, true) === 1 ? pubkey(b, o + 4) : null);
/** OptionalNonZeroPubkey: all zeros = none. */
const optKey = (b: Uint8Array, o: number) =>
  b.subarray(o, o + 32).every((x) => x === 0) ? null : pubkey(b, o);

/** Extension type → the name the RPC gives it (spl-token-2022 ExtensionType, camelCase as jsonParsed spells it). */
const EXTENSION_NAMES: Record<number, string> = {
  1: 'transferFeeConfig',
  2: 'transferFeeAmount',
  3: 'mintCloseAuthority',
  4: 'confidentialTransferMint',
  5: 'confidentialTransferAccount',
  6: 'defaultAccountState',
  7: 'immutableOwner',
  8: 'memoTransfer',
  9: 'nonTransferable',
  10: 'interestBearingConfig',
  11: 'cpiGuard',
  12: 'permanentDelegate',
  13: 'nonTransferableAccount',
  14: 'transferHook',
  15: 'transferHookAccount',
  18: 'metadataPointer',
  19: 'tokenMetadata',
};

function extensions(data: Uint8Array): { extension: string; state?: Record<string, unknown> }[] {
  if (data.length <= 166) return [];
  const out: { extension: string; state?: Record<string, unknown> }[] = [];
  let o = 166;
  while (o + 4 <= data.length) {
    const type = dv(data).getUint16(o, true);
    const len = dv(data).getUint16(o + 2, true);
    const v = data.subarray(o + 4, o + 4 + len);
    o += 4 + len;
    if (type === 0) break;
    const name = EXTENSION_NAMES[type] ?? 'unparseableExtension';
    switch (type) {
      case 1: {
        const fee = (p: number) => ({
          epoch: Number(u64(v, p)),
          maximumFee: Number(u64(v, p + 8)),
          transferFeeBasisPoints: dv(v).getUint16(p + 16, true),
        });
        out.push({
          extension: name,
          state: {
            transferFeeConfigAuthority: optKey(v, 0),
            withdrawWithheldAuthority: optKey(v, 32),
            withheldAmount: Number(u64(v, 64)),
            olderTransferFee: fee(72),
            newerTransferFee: fee(90),
          },
        });
        break;
      }
      case 2:
        out.push({ extension: name, state: { withheldAmount: Number(u64(v, 0)) } });
        break;
      case 8:
        out.push({ extension: name, state: { requireIncomingTransferMemos: v[0] === 1 } });
        break;
      default:
        out.push({ extension: name });
    }
  }
  return out;
}

export interface ParsedToken {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: 'mint' | 'account'; info: Record<string, unknown> };
}

export function programName(owner: string): 'spl-token' | 'spl-token-2022' | null {
  return owner === TOKEN_PROGRAM ? 'spl-token' : owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : null;
}

export function isMintData(owner: string, data: Uint8Array): boolean {
  if (!programName(owner)) return false;
  return data.length === 82 || (owner === TOKEN_2022_PROGRAM && data.length > 165 && data[165] === 1);
}

export function isTokenAccountData(owner: string, data: Uint8Array): boolean {
  if (!programName(owner)) return false;
  return data.length === 165 || (owner === TOKEN_2022_PROGRAM && data.length > 165 && data[165] === 2);
}

export function parseMint(owner: string, data: Uint8Array): ParsedToken | null {
  const program = programName(owner);
  if (!program || !isMintData(owner, data)) return null;
  const info: Record<string, unknown> = {
    mintAuthority: coptionKey(data, 0),
    supply: u64(data, 36).toString(),
    decimals: data[44],
    isInitialized: data[45] === 1,
    freezeAuthority: coptionKey(data, 46),
  };
  const ext = extensions(data);
  if (program === 'spl-token-2022' && ext.length) info.extensions = ext;
  return { program, parsed: { type: 'mint', info } };
}

export interface TokenAccountFields {
  mint: Address;
  owner: Address;
  amount: bigint;
  state: 'uninitialized' | 'initialized' | 'frozen';
}

export function tokenAccountFields(data: Uint8Array): TokenAccountFields {
  const s = data[108];
  return {
    mint: pubkey(data, 0),
    owner: pubkey(data, 32),
    amount: u64(data, 64),
    state: s === 2 ? 'frozen' : s === 1 ? 'initialized' : 'uninitialized',
  };
}

export function uiTokenAmount(amount: bigint, decimals: number) {
  const s = amount.toString().padStart(decimals + 1, '0');
  const ui = decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}`.replace(/\.?0+$/, '') : s;
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui };
}

export function parseTokenAccount(owner: string, data: Uint8Array, decimals: number): ParsedToken | null {
  const program = programName(owner);
  if (!program || !isTokenAccountData(owner, data)) return null;
  const f = tokenAccountFields(data);
  const info: Record<string, unknown> = {
    isNative: dv(data).getUint32(109, true) === 1,
    mint: f.mint,
    owner: f.owner,
    state: f.state,
    tokenAmount: uiTokenAmount(f.amount, decimals),
  };
  const ext = extensions(data);
  if (program === 'spl-token-2022' && ext.length) info.extensions = ext;
  return { program, parsed: { type: 'account', info } };
}

/**
 * Token-2022 InitializeTransferFeeConfig (spl-token-2022 `extension/transfer_fee/instruction.rs`): data =
 * [26 (TokenInstruction::TransferFeeExtension), 0 (InitializeTransferFeeConfig),
 *  transfer_fee_config_authority COption<Pubkey> (1-byte tag + 32), withdraw_withheld_authority COption<Pubkey>,
 *  transfer_fee_basis_points u16 LE, maximum_fee u64 LE]; accounts: [writable mint]. It must precede InitializeMint.
 */
export function initializeTransferFeeConfigData(
  configAuthority: Uint8Array | null,
  withdrawAuthority: Uint8Array | null,
  basisPoints: number,
  maximumFee: bigint,
): Uint8Array {
  const opt = (k: Uint8Array | null) => (k ? [1, ...k] : [0]);
  const tail = new Uint8Array(10);
  dv(tail).setUint16(0, basisPoints, true);
  dv(tail).setBigUint64(2, maximumFee, true);
  return new Uint8Array([26, 0, ...opt(configAuthority), ...opt(withdrawAuthority), ...tail]);
}
