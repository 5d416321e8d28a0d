/**
 * Solana constants (spec 02 "SOL", "Units"; reference/apis/solana-jsonrpc.md). Program ids are the ones the
 * programs declare (`declare_id!`); the fee constants are the network's protocol values, the priority price is the
 * spec's fallback only (the live one comes from getRecentPrioritizationFees).
 */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** Token-2022 (Token Extensions): recognised by this fixed program id (spec 02). */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** Base fee per signature (lamports). */
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** The spec's compute-unit price (micro-lamports per CU), used only when no recent prioritization fee is known. */
export const FALLBACK_MICRO_LAMPORTS = 1_000_000;
/** The runtime's default compute-unit limit per non-budget instruction (used when the simulation cannot run). */
export const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
/** The most compute units one transaction may ask for. */
export const MAX_COMPUTE_UNITS = 1_400_000;
/** Margin on the simulated compute units: 20 % plus a fixed 1,000 (budget instructions and account-state drift). */
export const CU_MARGIN_PERCENT = 20;
export const CU_MARGIN_FIXED = 1_000;

/** A blockhash lives for 150 blocks (lastValidBlockHeight = height + 150); a block is about 400 ms. */
export const BLOCKHASH_VALID_BLOCKS = 150;
export const SLOT_MS = 400;

/** Account sizes (bytes). SPL Token account; Token-2022 accounts add a type byte and their extensions (tlv). */
export const TOKEN_ACCOUNT_SIZE = 165;
