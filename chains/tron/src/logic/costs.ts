/**
 * What a TRON send costs before it is signed (spec 02 "Tron resources", "fees with createAccountFee"; issue 15).
 *
 * Every price comes from the chain's own parameters (`wallet/getchainparameters`), never from a constant here: the
 * committee votes them and they change (the spec's "about 1.1 TRX" for a new account is the sum of two of them,
 * getCreateAccountFee 0.1 TRX + getCreateNewAccountFeeInSystemContract 1 TRX, as they were when it was written —
 * an old value kept only as the spec's wording, nowhere in the code).
 *
 * - Bandwidth: a transaction uses its serialized size (+ 64 bytes of result the node counts) in bandwidth points.
 *   The account's staked bandwidth pays first, then its free daily allowance (600 points on mainnet, also a chain
 *   figure: getaccountresource freeNetLimit); when neither covers the whole size, the whole size is burned at the
 *   bandwidth price (getTransactionFee, sun per byte). A transfer that creates its recipient does not use
 *   bandwidth points: it burns getCreateAccountFee instead (unless staked bandwidth covers it), and the transfer
 *   itself pays getCreateNewAccountFeeInSystemContract.
 * - Energy (TRC-20): the estimate from triggerconstantcontract; the account's energy pays first and the shortfall
 *   is burned at the energy price (getEnergyFee, sun per energy). The burn is capped by the fee limit: a send whose
 *   burn would exceed it runs OUT_OF_ENERGY and still burns the fee, so it is refused before signing.
 */
import { formatUnits } from '@secux-companion/core';

/** 1 TRX = 1,000,000 sun (spec 02 constants). */
export const SUN_PER_TRX = 1_000_000n;
/** Fee limit for contract calls: 40 TRX (spec 02 constants). */
export const TRON_FEE_LIMIT = 40n * SUN_PER_TRX;
/** Bytes java-tron adds to a transaction's size when charging bandwidth (MAX_RESULT_SIZE_IN_TX). */
export const TRON_RESULT_BYTES = 64;
/** A secp256k1 signature r ‖ s ‖ v. */
export const TRON_SIGNATURE_BYTES = 65;

/** The chain parameters the costs are computed from (getchainparameters), all in sun. */
export interface TronChainParams {
  /** getTransactionFee: sun burned per bandwidth byte. */
  bandwidthPrice: bigint;
  /** getEnergyFee: sun burned per energy unit. */
  energyPrice: bigint;
  /** getCreateAccountFee: burned instead of bandwidth by a transaction that creates an account. */
  createAccountFee: bigint;
  /** getCreateNewAccountFeeInSystemContract: paid by a system contract (TRX / TRC-10 transfer) creating an account. */
  createNewAccountFeeInSystemContract: bigint;
}

/** The account's resources (getaccountresource), in points. */
export interface TronResources {
  freeNetLimit: bigint;
  freeNetUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
}

const pos = (v: bigint) => (v > 0n ? v : 0n);

/** freeNetLimit − freeNetUsed (the free daily allowance left). */
export const freeBandwidth = (r: TronResources) => pos(r.freeNetLimit - r.freeNetUsed);
/** NetLimit − NetUsed (staked bandwidth left). */
export const stakedBandwidth = (r: TronResources) => pos(r.netLimit - r.netUsed);
/** Available bandwidth = free + staked left (reference/apis/tron.md). */
export const availableBandwidth = (r: TronResources) => freeBandwidth(r) + stakedBandwidth(r);
/** Available energy = EnergyLimit − EnergyUsed. */
export const availableEnergy = (r: TronResources) => pos(r.energyLimit - r.energyUsed);

export interface CostInput {
  /** Serialized size of the signed transaction (raw_data + signature + framing), bytes. */
  bytes: number;
  /** Energy the call needs (TRC-20: triggerconstantcontract energy_used); 0 for TRX and TRC-10. */
  energy: bigint;
  /** The send creates its recipient account (TRX or TRC-10 to an address not on chain). */
  activates: boolean;
  resources: TronResources;
  params: TronChainParams;
}

export interface TronCosts {
  /** Bandwidth points the transaction uses. */
  bandwidth: bigint;
  /** Sun burned for bandwidth (0 when the allowance or stake covers it). */
  bandwidthBurn: bigint;
  /** Energy the call needs. */
  energy: bigint;
  /** Energy the account has now. */
  energyAvailable: bigint;
  /** Sun burned for the energy the account lacks. */
  energyBurn: bigint;
  /** Sun paid to create the recipient (0 when it exists). */
  activationFee: bigint;
  /** Everything burned or paid besides the amount. */
  total: bigint;
}

/** The costs of one transaction, from the chain's parameters and the account's resources. */
export function tronCosts(input: CostInput): TronCosts {
  const { resources: r, params: p } = input;
  if (!Number.isInteger(input.bytes) || input.bytes <= 0) throw new RangeError(`bad size ${input.bytes}`);
  if (input.energy < 0n) throw new RangeError('negative energy');
  const bandwidth = BigInt(input.bytes + TRON_RESULT_BYTES);
  let bandwidthBurn = 0n;
  let activationFee = 0n;
  if (input.activates) {
    // consumeForCreateNewAccount: staked bandwidth, else the create-account fee; plus the system contract's fee.
    if (stakedBandwidth(r) < bandwidth) activationFee += p.createAccountFee;
    activationFee += p.createNewAccountFeeInSystemContract;
  } else if (stakedBandwidth(r) < bandwidth && freeBandwidth(r) < bandwidth) {
    bandwidthBurn = bandwidth * p.bandwidthPrice;
  }
  const energyAvailable = availableEnergy(r);
  const energyBurn = pos(input.energy - energyAvailable) * p.energyPrice;
  return {
    bandwidth,
    bandwidthBurn,
    energy: input.energy,
    energyAvailable,
    energyBurn,
    activationFee,
    total: bandwidthBurn + energyBurn + activationFee,
  };
}

/** The energy burn stays within the fee limit (else the call would end OUT_OF_ENERGY and still burn). */
export function withinFeeLimit(costs: TronCosts, feeLimit: bigint = TRON_FEE_LIMIT): boolean {
  return costs.energyBurn <= feeLimit;
}

/**
 * The review's plain sentence: "This send burns about X TRX because the account has Y energy." (English; the web
 * family renders the translated form from the same numbers: {@link burnSentenceParams}).
 */
export function burnSentence(costs: TronCosts): string {
  const p = burnSentenceParams(costs);
  return `This send burns about ${p.burn} TRX because the account has ${p.energy} energy.`;
}

/** Numbers of the burn sentence: TRX burned (6 digits max) and the account's energy. */
export function burnSentenceParams(costs: TronCosts): { burn: string; energy: string; needed: string } {
  return {
    burn: formatUnits(costs.total, 6),
    energy: costs.energyAvailable.toString(),
    needed: costs.energy.toString(),
  };
}
