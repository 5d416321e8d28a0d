/** The TRON simulator's constants: time spans, sizes, energy costs and chain parameters. */

export const CONTROL_PREFIX = '/_localnet/';
export const DAY_MS = 24 * 3600_000;
/** java-tron counts 64 result bytes on top of a transaction's size (MAX_RESULT_SIZE_IN_TX). */
export const RESULT_BYTES = 64n;
export const MAX_EXPIRATION_MS = DAY_MS;
/** TRON's block interval: Wallet.broadcastTransaction refuses an expiration before the next slot. */
export const BLOCK_SLOT_MS = 3000;

/** Energy a TRC-20 transfer costs: to an address already holding the token, and to a new holder. */
export const TRC20_ENERGY_EXISTING = 65_000n;
export const TRC20_ENERGY_NEW_HOLDER = 130_000n;
/** Energy a transfer uses before it reverts (amount above the sender's balance). */
export const TRC20_ENERGY_REVERT = 1_000n;

/** Chain parameters (getchainparameters), as on mainnet in 2025-2026 (the committee can change them). */
export const TRON_SIM_PARAMS = {
  getTransactionFee: 1000n,
  getEnergyFee: 100n,
  getCreateAccountFee: 100_000n,
  getCreateNewAccountFeeInSystemContract: 1_000_000n,
  getFreeNetLimit: 600n,
  /** The largest fee_limit a contract call may set (sun). */
  getMaxFeeLimit: 15_000_000_000n,
};
