/**
 * EVM fee rules (spec 02 §4, §5, §7, §9; spec 01 §4 "Send form", §5 "Fee"):
 *
 * - ETH-style tiers from eth_feeHistory over 3 blocks with reward percentiles 25/50/75 → low/medium/high.
 *   When all three tiers are 0 ('All empty') the legacy eth_gasPrice is used for every tier.
 * - BSC: the gas oracle's Fast/Propose/Safe prices (Gwei) → high/medium/low; 5 Gwei when it fails.
 * - Gas limit: eth_estimateGas; when the estimate fails, 21000 for a coin and 200000 for a token/NFT.
 * - Layer-1 fee (OP-stack chains): the oracle's getL1Fee of a transaction with gas limit 100000 (native)
 *   or 30000 (token), × 1.25.
 * - Fee = price × gas limit; it plus the layer-1 fee must be covered by the balance; send-all (coin) is
 *   balance − fee − layer-1 fee.
 *
 * Money is bigint wei. Tiers shown to the user are Gwei numbers (fee unit 'Gwei').
 */
import {
  BSC_DEFAULT_GAS_PRICE_GWEI,
  CoreError,
  EVM_GAS_LIMIT_COIN,
  EVM_GAS_LIMIT_TOKEN,
  L1_GAS_LIMIT_NATIVE,
  L1_GAS_LIMIT_TOKEN,
  UNITS,
  applyL1FeeFactor,
  assertEvmFeeCovered,
  evmFee,
  evmSendAllAmount,
  formatUnits,
  isEvmFeeTooHigh,
  parseUnits,
  type ChainSymbol,
  type FeeMode,
  type FeeTiers,
} from '@secux-companion/core';

/** eth_feeHistory call parameters (spec: 3 blocks; percentiles 25, 50, 75 = low, medium, high). */
export const FEE_HISTORY_BLOCKS = 3;
export const FEE_HISTORY_PERCENTILES = [25, 50, 75] as const;

/** Fixed gas limits when estimation is not possible (spec 02 §9, incl. the fixed helper's larger values). */
export const FIXED_GAS_LIMITS = {
  coin: EVM_GAS_LIMIT_COIN,
  coinLarge: 25_000n,
  token: EVM_GAS_LIMIT_TOKEN,
  tokenLarge: 1_200_000n,
} as const;

/** eth_feeHistory result with quantities as bigint (network/ converts the hex strings). */
export interface FeeHistoryData {
  /** blockCount + 1 entries; the last is the next block's base fee. */
  baseFeePerGas: readonly bigint[];
  /** reward[block][percentile]. */
  reward: readonly (readonly bigint[])[];
}

/** One fee tier: an EIP-1559 pair or a legacy gas price (wei per gas). */
export type EvmFeeTier =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint };

export interface EvmFeeTiers {
  tiers: FeeTiers<EvmFeeTier>;
  /** Where the tiers came from. */
  source: 'feeHistory' | 'gasPrice' | 'gasOracle' | 'fallback';
  /** Next block's base fee (EIP-1559 tiers only). */
  baseFeePerGas?: bigint;
}

/** The highest price per gas a tier may cost (maxFeePerGas or gasPrice): the fee is this × gas limit. */
export function tierPrice(tier: EvmFeeTier): bigint {
  return tier.type === 'eip1559' ? tier.maxFeePerGas : tier.gasPrice;
}

const avg = (xs: readonly bigint[]): bigint =>
  xs.length ? xs.reduce((s, x) => s + x, 0n) / BigInt(xs.length) : 0n;

function legacyTiers(gasPrice: bigint, source: EvmFeeTiers['source']): EvmFeeTiers {
  const t: EvmFeeTier = { type: 'legacy', gasPrice };
  return { tiers: { high: t, medium: { ...t }, low: { ...t } }, source };
}

/**
 * EIP-1559 tiers from eth_feeHistory: the priority fee of a tier is the average of its percentile over the
 * blocks; maxFeePerGas = 2 × next base fee + priority (a full base-fee doubling stays covered). When every
 * tier's priority fee is 0 ('All empty'), or the history is missing, every tier is the legacy gas price.
 */
export function feeTiersFromHistory(history: FeeHistoryData | null, gasPrice: bigint): EvmFeeTiers {
  if (!history || history.reward.length === 0 || history.baseFeePerGas.length === 0)
    return legacyTiers(gasPrice, 'gasPrice');
  const baseFee = history.baseFeePerGas[history.baseFeePerGas.length - 1]!;
  const column = (j: number) =>
    avg(history.reward.map((r) => r[j]).filter((x): x is bigint => x !== undefined));
  const priority = { low: column(0), medium: column(1), high: column(2) };
  if (priority.low === 0n && priority.medium === 0n && priority.high === 0n)
    return legacyTiers(gasPrice, 'gasPrice');
  const tier = (p: bigint): EvmFeeTier => ({
    type: 'eip1559',
    maxFeePerGas: 2n * baseFee + p,
    maxPriorityFeePerGas: p,
  });
  return {
    tiers: { high: tier(priority.high), medium: tier(priority.medium), low: tier(priority.low) },
    source: 'feeHistory',
    baseFeePerGas: baseFee,
  };
}

/**
 * Network fee tiers for a chain signed with legacy gas prices (XDC, HME: spec 01/02 "ETH/HME/XDC … take tiers from
 * the network"): the prices paid in the last blocks at the 25th/50th/75th percentile (base fee + the percentile's
 * priority fee, from eth_feeHistory) become low / medium / high gas prices. Medium is never below the node's own
 * eth_gasPrice and high never below medium; without a usable history every tier is the node's gas price.
 */
export function legacyTiersFromHistory(history: FeeHistoryData | null, gasPrice: bigint): EvmFeeTiers {
  if (!history || history.reward.length === 0 || history.baseFeePerGas.length === 0)
    return legacyTiers(gasPrice, 'gasPrice');
  const baseFee = history.baseFeePerGas[history.baseFeePerGas.length - 1]!;
  const column = (j: number) =>
    avg(history.reward.map((r) => r[j]).filter((x): x is bigint => x !== undefined));
  const paid = { low: baseFee + column(0), medium: baseFee + column(1), high: baseFee + column(2) };
  if (paid.low === 0n && paid.medium === 0n && paid.high === 0n) return legacyTiers(gasPrice, 'gasPrice');
  const medium = paid.medium > gasPrice ? paid.medium : gasPrice;
  const high = paid.high > medium ? paid.high : medium;
  const low = paid.low > 0n && paid.low < medium ? paid.low : medium;
  return {
    tiers: {
      high: { type: 'legacy', gasPrice: high },
      medium: { type: 'legacy', gasPrice: medium },
      low: { type: 'legacy', gasPrice: low },
    },
    source: 'feeHistory',
  };
}

/** Gas oracle answer (Gwei, decimal text; may be fractional). */
export interface GasOracleData {
  fast: string;
  propose: string;
  safe: string;
}

function gweiText(text: string): bigint | null {
  try {
    return parseUnits(text.trim(), 9);
  } catch {
    return null;
  }
}

/** BSC tiers: Fast/Propose/Safe → high/medium/low (legacy gas price); 5 Gwei for every tier on failure. */
export function gasOracleTiers(oracle: GasOracleData | null): EvmFeeTiers {
  const high = oracle ? gweiText(oracle.fast) : null;
  const medium = oracle ? gweiText(oracle.propose) : null;
  const low = oracle ? gweiText(oracle.safe) : null;
  if (high === null || medium === null || low === null || high === 0n || medium === 0n || low === 0n) {
    return legacyTiers(BigInt(BSC_DEFAULT_GAS_PRICE_GWEI) * UNITS.gwei, 'fallback');
  }
  return {
    tiers: {
      high: { type: 'legacy', gasPrice: high },
      medium: { type: 'legacy', gasPrice: medium },
      low: { type: 'legacy', gasPrice: low },
    },
    source: 'gasOracle',
  };
}

/** Wei per gas → Gwei number for display (fractional Gwei kept up to 9 digits). */
export function weiToGwei(wei: bigint): number {
  return Number(formatUnits(wei, 9));
}

/** Gwei text/number → wei per gas (at most 9 fraction digits). */
export function gweiToWei(gwei: string | number): bigint {
  const text = typeof gwei === 'number' ? gwei.toFixed(9) : gwei;
  return parseUnits(text.trim(), 9);
}

/** The tiers as Gwei numbers (FeeOptions.tiers). */
export function tiersInGwei(t: EvmFeeTiers): FeeTiers<number> {
  return {
    high: weiToGwei(tierPrice(t.tiers.high)),
    medium: weiToGwei(tierPrice(t.tiers.medium)),
    low: weiToGwei(tierPrice(t.tiers.low)),
  };
}

/**
 * The tier a fee mode selects. Custom: `customGwei` is the price per gas; on an EIP-1559 chain it becomes
 * maxFeePerGas with the medium tier's priority fee (capped at the custom price).
 */
export function selectFeeTier(t: EvmFeeTiers, mode: FeeMode, customGwei?: string | number): EvmFeeTier {
  if (mode !== 'Custom') return t.tiers[mode];
  if (customGwei === undefined) throw new RangeError('Custom fee mode needs a custom fee');
  const price = gweiToWei(customGwei);
  const medium = t.tiers.medium;
  if (medium.type === 'legacy') return { type: 'legacy', gasPrice: price };
  const priority = medium.maxPriorityFeePerGas < price ? medium.maxPriorityFeePerGas : price;
  return { type: 'eip1559', maxFeePerGas: price, maxPriorityFeePerGas: priority };
}

export type GasKind = 'coin' | 'token' | 'nft' | 'revoke';

/**
 * Gas limit of a send: the node's estimate when there is one (never below 21000 for a coin), otherwise the
 * fixed limit: 21000 coin, 200000 token/NFT (25000 / 1200000 on chains flagged `large`).
 */
export function resolveGasLimit(
  kind: GasKind,
  estimate: bigint | null | undefined,
  options: { large?: boolean } = {},
): bigint {
  if (estimate !== null && estimate !== undefined && estimate > 0n) {
    return kind === 'coin' && estimate < EVM_GAS_LIMIT_COIN ? EVM_GAS_LIMIT_COIN : estimate;
  }
  if (kind === 'coin') return options.large ? FIXED_GAS_LIMITS.coinLarge : FIXED_GAS_LIMITS.coin;
  return options.large ? FIXED_GAS_LIMITS.tokenLarge : FIXED_GAS_LIMITS.token;
}

/** Gas limit of the dummy transaction the layer-1 fee is estimated with: 100000 native, 30000 token. */
export function l1EstimateGasLimit(kind: GasKind): bigint {
  return kind === 'coin' ? L1_GAS_LIMIT_NATIVE : L1_GAS_LIMIT_TOKEN;
}

/** Layer-1 fee to reserve: the oracle's value × 1.25 (0 when the chain has no oracle). */
export function layer1Fee(oracleFee: bigint | null | undefined): bigint {
  return oracleFee && oracleFee > 0n ? applyL1FeeFactor(oracleFee) : 0n;
}

/** Network fee of a tier (wei): highest price per gas × gas limit. */
export function networkFee(tier: EvmFeeTier, gasLimit: bigint): bigint {
  return evmFee(tierPrice(tier), gasLimit);
}

export interface CoinAmountInput {
  balance: bigint;
  fee: bigint;
  l1Fee: bigint;
  /** Amount typed by the user (ignored when sendAll). */
  amount?: bigint;
  sendAll?: boolean;
}

/**
 * Amount of a coin send. Throws 'evmFeeHigherThanBalance' when fee + layer-1 fee exceed the balance,
 * err-02 when amount + fee + layer-1 fee exceed it, 'invalidAmount' for a zero amount. Send-all is
 * balance − fee − layer-1 fee.
 */
export function coinSendAmount(input: CoinAmountInput): bigint {
  assertEvmFeeCovered(input.balance, input.fee, input.l1Fee);
  if (input.sendAll) {
    const all = evmSendAllAmount(input.balance, input.fee, input.l1Fee);
    if (all <= 0n) throw new CoreError('evmFeeHigherThanBalance');
    return all;
  }
  const amount = input.amount ?? 0n;
  if (amount <= 0n) throw new CoreError('invalidAmount');
  if (amount + input.fee + input.l1Fee > input.balance) throw new CoreError('err-02');
  return amount;
}

export interface TokenSendCheck {
  /** Coin balance paying the fee. */
  coinBalance: bigint;
  tokenBalance: bigint;
  amount: bigint;
  fee: bigint;
  l1Fee: bigint;
  /** Coin name for err-36 ('BNB' on BSC). */
  coin: string;
}

/** Token send: err-36 when fee + layer-1 fee exceed the coin balance, err-31 when the token balance is short. */
export function checkTokenSend(c: TokenSendCheck): void {
  if (c.fee + c.l1Fee > c.coinBalance) throw new CoreError('err-36', { coin: c.coin });
  if (c.amount <= 0n) throw new CoreError('invalidAmount');
  if (c.amount > c.tokenBalance) throw new CoreError('err-31');
}

/** Fee flagged too high (err-28 warning): price above 3 × the high tier on ETH/HME/XDC, never BSC. */
export function isFeeTooHigh(chain: ChainSymbol, priceWei: bigint, tiers: EvmFeeTiers): boolean {
  return isEvmFeeTooHigh(chain, priceWei.toString(), tierPrice(tiers.tiers.high).toString());
}
