/**
 * Bandwidth and energy as java-tron charges them: a transaction's bytes from staked bandwidth, else the free daily
 * allowance, else burned TRX (an account's creation burns the create-account fee instead); a TRC-20 call's energy
 * from the account's energy, then TRX up to the fee limit, else OUT_OF_ENERGY.
 */
import { TRC20_ENERGY_REVERT } from './constants.js';
import type { SimAccount, TronState, TxRecord } from './state.js';
import { transferEnergy } from './tokens.js';

export interface Bandwidth {
  netUsage: bigint;
  /** TRX burned for bandwidth (or the create-account fee). */
  netFee: bigint;
  freeUse: bigint;
  stakedUse: bigint;
}

export interface Energy {
  energyUsage: bigint;
  energyFee: bigint;
  result: TxRecord['result'];
}

/** The bandwidth of `size` bytes: account creation burns the create-account fee; else staked, then free, else TRX. */
export function bandwidth(s: TronState, from: SimAccount, size: bigint, creates: boolean): Bandwidth {
  let netFee = 0n;
  let freeUse = 0n;
  let stakedUse = 0n;
  if (creates) netFee = s.params.getCreateAccountFee;
  else if (from.netLimit - from.netUsed >= size) stakedUse = size;
  else if (s.params.getFreeNetLimit - from.freeNetUsed >= size) freeUse = size;
  else netFee = size * s.params.getTransactionFee;
  return { netUsage: creates ? 0n : stakedUse + freeUse, netFee, freeUse, stakedUse };
}

/**
 * The energy of a TRC-20 transfer: the account's energy, then TRX up to the fee limit; short of both: OUT_OF_ENERGY.
 * A transfer above the sender's token balance reverts early: the energy used until then is charged.
 */
export function energy(
  s: TronState,
  owner: string,
  from: SimAccount,
  call: { to: string; value: bigint },
  netFee: bigint,
  feeLimit: bigint,
): Energy {
  const reverts = (s.trc20.get(owner) ?? 0n) < call.value;
  const need = reverts ? TRC20_ENERGY_REVERT : transferEnergy(s, call.to);
  const own = from.energyLimit - from.energyUsed > 0n ? from.energyLimit - from.energyUsed : 0n;
  const spendable =
    (from.balance - netFee < feeLimit ? from.balance - netFee : feeLimit) / s.params.getEnergyFee;
  if (own + spendable < need)
    return { result: 'OUT_OF_ENERGY', energyUsage: own, energyFee: spendable * s.params.getEnergyFee };
  const energyUsage = own < need ? own : need;
  return {
    result: reverts ? 'REVERT' : 'SUCCESS',
    energyUsage,
    energyFee: (need - energyUsage) * s.params.getEnergyFee,
  };
}

/** Takes the bandwidth and energy from the account (before the contract itself runs). */
export function consume(from: SimAccount, bw: Bandwidth, en: Energy): void {
  from.freeNetUsed += bw.freeUse;
  from.netUsed += bw.stakedUse;
  from.energyUsed += en.energyUsage;
  from.balance -= bw.netFee + en.energyFee;
}
