/**
 * Solana transactions: the instructions of a send (compute budget, SOL transfer, or an SPL / Token-2022
 * TransferChecked with the recipient's associated token account created when missing and a memo when the recipient
 * requires one), the unsigned transaction used to simulate it, the form the device takes (SecuX app-sol raw
 * instructions), and the check of what the device signed.
 */
import {
  AccountRole,
  address as toAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase16Encoder,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSignerRole,
  isWritableRole,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { MEMO_PROGRAM } from './constants';
import { SolanaError } from './errors';

/** One instruction as the SecuX SDK (app-sol `prepareSign`) takes it: base58 keys, base64 data (its `ow` check takes base64 or a Buffer). */
export interface DeviceInstruction {
  programId: string;
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

const b64 = (b: Uint8Array) => getBase64Decoder().decode(b);

export function toDeviceInstruction(ix: Instruction): DeviceInstruction {
  return {
    programId: ix.programAddress,
    keys: (ix.accounts ?? []).map((a) => ({
      pubkey: a.address,
      isSigner: isSignerRole(a.role),
      isWritable: isWritableRole(a.role),
    })),
    data: b64(new Uint8Array(ix.data ?? [])),
  };
}

export function associatedTokenAddress(owner: string, mint: string, tokenProgram: string): Promise<string> {
  return findAssociatedTokenPda({
    owner: toAddress(owner),
    mint: toAddress(mint),
    tokenProgram: toAddress(tokenProgram),
  }).then(([pda]) => pda);
}

/** What a send moves: SOL, or a token from the sender's token account to the recipient's. */
export type TransferPlan =
  | {
      kind: 'sol';
      from: string;
      to: string;
      lamports: bigint;
      /** The user's memo (SPL Memo instruction before the transfer). */
      memo?: string;
    }
  | {
      kind: 'token';
      from: string;
      source: string;
      mint: string;
      decimals: number;
      tokenProgram: string;
      recipient: string;
      destination: string;
      amount: bigint;
      /** Create the recipient's associated token account (idempotent) paid by the sender. */
      createDestination: boolean;
      /**
       * The user's memo; required when the recipient's token account requires incoming memos (Token-2022
       * MemoTransfer), which checks the instruction right before TransferChecked is a memo: keep it there.
       */
      memo?: string;
    };

/** The instructions after the compute-budget pair. */
export function transferInstructions(plan: TransferPlan): Instruction[] {
  const payer = createNoopSigner(toAddress(plan.from));
  if (plan.kind === 'sol')
    return [
      ...(plan.memo !== undefined ? [memoInstruction(plan.from, plan.memo)] : []),
      getTransferSolInstruction({ source: payer, destination: toAddress(plan.to), amount: plan.lamports }),
    ];
  const out: Instruction[] = [];
  if (plan.createDestination)
    out.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: toAddress(plan.destination),
        owner: toAddress(plan.recipient),
        mint: toAddress(plan.mint),
        tokenProgram: toAddress(plan.tokenProgram),
      }),
    );
  // MemoTransfer looks only at the instruction immediately before the transfer: the memo goes last before it.
  if (plan.memo !== undefined) out.push(memoInstruction(plan.from, plan.memo));
  // Token-2022 keeps TransferChecked's layout (discriminator 12, u64 amount, u8 decimals); only the program differs.
  out.push(
    getTransferCheckedInstruction(
      {
        source: toAddress(plan.source),
        mint: toAddress(plan.mint),
        destination: toAddress(plan.destination),
        authority: payer,
        amount: plan.amount,
        decimals: plan.decimals,
      },
      { programAddress: toAddress(plan.tokenProgram) },
    ),
  );
  return out;
}

/** SPL Memo: the UTF-8 text as data, the signer as its only account. */
export function memoInstruction(signer: string, text: string): Instruction {
  return {
    programAddress: toAddress(MEMO_PROGRAM),
    accounts: [{ address: toAddress(signer), role: AccountRole.READONLY_SIGNER }],
    data: new TextEncoder().encode(text),
  };
}

export function budgetInstructions(unitLimit: number, microLamports: number): Instruction[] {
  return [
    getSetComputeUnitLimitInstruction({ units: unitLimit }),
    getSetComputeUnitPriceInstruction({ microLamports: BigInt(microLamports) }),
  ];
}

/** Writable accounts of the instructions (the accounts whose recent prioritization fees set the price). */
export function writableAccounts(instructions: readonly Instruction[]): string[] {
  const set = new Set<string>();
  for (const ix of instructions)
    for (const a of ix.accounts ?? []) if (isWritableRole(a.role)) set.add(a.address);
  return [...set];
}

/** The unsigned wire transaction (base64, empty signature) — what simulateTransaction runs. */
export function unsignedTransaction(
  feePayer: string,
  blockhash: string,
  instructions: readonly Instruction[],
): string {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(toAddress(feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

export interface SignedCheck {
  /** The transaction id: the fee payer's signature, base58. */
  hash: string;
  /** The wire transaction, base64 (sendTransaction's encoding). */
  base64: string;
  messageBytes: Uint8Array;
  signature: Uint8Array;
}

/**
 * Decodes what the device returned (hex wire transaction) and checks it is exactly what was built: the fee payer,
 * the blockhash and every instruction (program, accounts in order, data). Signature verification is async (sign).
 */
export function checkSigned(
  rawHex: string,
  expected: { feePayer: string; blockhash: string; instructions: readonly DeviceInstruction[] },
): SignedCheck {
  if (!/^([0-9a-f]{2})+$/i.test(rawHex)) throw bad('the device answer is not a transaction');
  const bytes = new Uint8Array(getBase16Encoder().encode(rawHex.toLowerCase()));
  let tx;
  let msg;
  try {
    tx = getTransactionDecoder().decode(bytes);
    msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  } catch {
    throw bad('the device answer is not a transaction');
  }
  if (!('instructions' in msg)) throw bad('the message version is not supported');
  const keys = msg.staticAccounts;
  if (keys[0] !== expected.feePayer) throw bad('the fee payer differs');
  if (msg.lifetimeToken !== expected.blockhash) throw bad('the blockhash differs');
  const got = msg.instructions ?? [];
  if (got.length !== expected.instructions.length) throw bad('the instructions differ');
  got.forEach((ix, i) => {
    const want = expected.instructions[i]!;
    const program = keys[ix.programAddressIndex];
    const accounts = (ix.accountIndices ?? []).map((k) => keys[k]);
    if (
      program !== want.programId ||
      accounts.join() !== want.keys.map((k) => k.pubkey).join() ||
      b64(new Uint8Array(ix.data ?? [])) !== want.data
    )
      throw bad(`instruction ${i} differs`);
  });
  const signature = tx.signatures[expected.feePayer as keyof typeof tx.signatures];
  if (!signature) throw bad('the fee payer did not sign');
  return {
    hash: getBase58Decoder().decode(signature),
    base64: getBase64Decoder().decode(bytes),
    messageBytes: new Uint8Array(tx.messageBytes),
    signature: new Uint8Array(signature),
  };
}

function bad(why: string) {
  return new SolanaError('badSignature', `The device signed a different transaction: ${why}.`);
}
