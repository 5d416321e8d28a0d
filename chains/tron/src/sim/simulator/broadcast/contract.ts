/** What each supported contract type provides to broadcast: its decoding, its validation and its effect. */
import type { SimAccount, TronState, TxRecord } from '../state.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ContractInput {
  s: TronState;
  owner: string;
  from: SimAccount;
  /** The decoded contract parameter (tronweb's protobuf message). */
  v: any;
  feeLimit: bigint;
}

/** A validated contract: what it costs and moves, applied once its resources are paid. */
export interface Plan {
  /** The receiving account of a TRX or TRC-10 transfer. */
  to?: string;
  /** The transfer activates `to` (bandwidth burns the create-account fee, the system contract its own). */
  creates: boolean;
  /** The system contract's create-account fee. */
  createFee: bigint;
  /** TRX the contract needs once bandwidth is burned (checked after it, as java-tron does); none for a call. */
  needs?: bigint;
  /** A TRC-20 transfer call (energy is charged for it). */
  call?: { to: string; value: bigint };
  apply(result: TxRecord['result'], now: number): void;
}

export interface ContractKind {
  typeName: string;
  decode(value: Uint8Array): any;
  /** The plan, or the CONTRACT_VALIDATE_ERROR message of a contract java-tron refuses. */
  validate(i: ContractInput): Plan | string;
}
