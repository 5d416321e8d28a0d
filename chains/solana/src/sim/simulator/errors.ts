/**
 * The node's errors: the RPC's TransactionError JSON and text (as agave writes them) from LiteSVM's failures, and the
 * JSON-RPC error an answer carries (code, message, data).
 */
import type { FailedTransactionMetadata } from 'litesvm';

const TX_ERRORS =
  'AccountInUse,AccountLoadedTwice,AccountNotFound,ProgramAccountNotFound,InsufficientFundsForFee,InvalidAccountForFee,AlreadyProcessed,BlockhashNotFound,CallChainTooDeep,MissingSignatureForFee,InvalidAccountIndex,SignatureFailure,InvalidProgramForExecution,SanitizeFailure,ClusterMaintenance,AccountBorrowOutstanding,WouldExceedMaxBlockCostLimit,UnsupportedVersion,InvalidWritableAccount,WouldExceedMaxAccountCostLimit,WouldExceedAccountDataBlockLimit,TooManyAccountLocks,AddressLookupTableNotFound,InvalidAddressLookupTableOwner,InvalidAddressLookupTableData,InvalidAddressLookupTableIndex,InvalidRentPayingAccount,WouldExceedMaxVoteCostLimit,WouldExceedAccountDataTotalLimit,MaxLoadedAccountsDataSizeExceeded,ResanitizationNeeded,InvalidLoadedAccountsDataSizeLimit,UnbalancedTransaction,ProgramCacheHitMaxLimit,CommitCancelled'.split(
    ',',
  );
const IX_ERRORS =
  'GenericError,InvalidArgument,InvalidInstructionData,InvalidAccountData,AccountDataTooSmall,InsufficientFunds,IncorrectProgramId,MissingRequiredSignature,AccountAlreadyInitialized,UninitializedAccount,UnbalancedInstruction,ModifiedProgramId,ExternalAccountLamportSpend,ExternalAccountDataModified,ReadonlyLamportChange,ReadonlyDataModified,DuplicateAccountIndex,ExecutableModified,RentEpochModified,NotEnoughAccountKeys,AccountDataSizeChanged,AccountNotExecutable,AccountBorrowFailed,AccountBorrowOutstanding,DuplicateAccountOutOfSync,InvalidError,ExecutableDataModified,ExecutableLamportChange,ExecutableAccountNotRentExempt,UnsupportedProgramId,CallDepth,MissingAccount,ReentrancyNotAllowed,MaxSeedLengthExceeded,InvalidSeeds,InvalidRealloc,ComputationalBudgetExceeded,PrivilegeEscalation,ProgramEnvironmentSetupFailure,ProgramFailedToComplete,ProgramFailedToCompile,Immutable,IncorrectAuthority,AccountNotRentExempt,InvalidAccountOwner,ArithmeticOverflow,UnsupportedSysvar,IllegalOwner,MaxAccountsDataAllocationsExceeded,MaxAccountsExceeded,MaxInstructionTraceLengthExceeded,BuiltinProgramsMustConsumeComputeUnits,BorshIoError'.split(
    ',',
  );

/** The RPC's TransactionError JSON ('BlockhashNotFound', {"InstructionError":[0,{"Custom":1}]}, …). */
export function transactionErrorJson(failed: FailedTransactionMetadata): unknown {
  const e = failed.err() as unknown;
  if (typeof e === 'number') return TX_ERRORS[e] ?? `Error${e}`;
  const o = e as {
    index?: number;
    accountIndex?: number;
    err?: () => unknown;
    constructor?: { name?: string };
  };
  if (typeof o.err === 'function') {
    const inner = o.err() as unknown;
    const ie =
      typeof inner === 'number'
        ? (IX_ERRORS[inner] ?? `Error${inner}`)
        : typeof (inner as { code?: unknown }).code === 'number'
          ? { Custom: (inner as { code: number }).code }
          : { BorshIoError: String((inner as { msg?: unknown }).msg ?? '') };
    return { InstructionError: [o.index ?? 0, ie] };
  }
  if (typeof o.accountIndex === 'number')
    return { InsufficientFundsForRent: { account_index: o.accountIndex } };
  if (typeof o.index === 'number') return { DuplicateInstruction: o.index };
  return String(e);
}

/** Instruction errors as agave's InstructionError displays them (the rest by name). */
const IX_TEXT: Readonly<Record<string, string>> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
};
/** Transaction errors as agave's TransactionError displays them (the rest by name). */
const TX_TEXT: Readonly<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
};

/** The text of a TransactionError JSON, as the RPC puts it after "Transaction simulation failed: ". */
export function transactionErrorText(err: unknown): string {
  if (typeof err === 'string') return TX_TEXT[err] ?? err;
  const o = err as {
    InstructionError?: [number, unknown];
    InsufficientFundsForRent?: { account_index: number };
  };
  if (o.InstructionError) {
    const [i, e] = o.InstructionError;
    const custom = (e as { Custom?: unknown }).Custom;
    const text =
      typeof custom === 'number'
        ? `custom program error: 0x${custom.toString(16)}`
        : typeof e === 'string'
          ? (IX_TEXT[e] ?? e)
          : JSON.stringify(e);
    return `Error processing Instruction ${i}: ${text}`;
  }
  if (o.InsufficientFundsForRent)
    return `Transaction results in an account (${o.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  return JSON.stringify(err);
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A LiteSVM result that failed (it has the `err()` accessor). */
export const isFailed = (r: unknown): r is FailedTransactionMetadata =>
  typeof r === 'object' && r !== null && 'err' in r && typeof (r as { err: unknown }).err === 'function';
