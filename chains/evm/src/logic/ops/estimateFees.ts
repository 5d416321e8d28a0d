/** Fee estimation: the fee tiers, the gas a call needs and the layer-1 data fee of rollups. */
import { CHAINS } from '@secux-companion/core';
import type { FeeOptions } from '@secux-companion/chain-common';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { L1_GAS_PRICE_ORACLE } from '../chains';
import {
  FEE_HISTORY_BLOCKS,
  FEE_HISTORY_PERCENTILES,
  feeTiersFromHistory,
  gasOracleTiers,
  l1EstimateGasLimit,
  layer1Fee,
  legacyTiersFromHistory,
  tiersInGwei,
  type EvmFeeTier,
  type EvmFeeTiers,
  type GasOracleData,
} from '../fees';
import { serializeUnsigned, transferCall, type EvmTxPlan, type TransferIntent } from '../tx';
import type { EvmContext } from './context';

const gasPriceOracleAbi = [
  {
    type: 'function',
    name: 'getL1Fee',
    stateMutability: 'view',
    inputs: [{ name: '_data', type: 'bytes' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/** Fee tiers with their EIP-1559 / legacy details (wei), by the chain's fee model. */
export async function getEvmFees({ spec, backend }: EvmContext): Promise<EvmFeeTiers> {
  if (spec.feeModel === 'gasOracle') {
    let oracle: GasOracleData | null = null;
    try {
      oracle = backend.getGasOracle ? await backend.getGasOracle() : null;
    } catch {
      oracle = null;
    }
    return gasOracleTiers(oracle);
  }
  if (spec.feeModel === 'legacy') {
    const gasPrice = await backend.getGasPrice();
    return feeTiersFromHistory(null, gasPrice);
  }
  const [history, gasPrice] = await Promise.all([
    backend.getFeeHistory(FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES).catch(() => null),
    backend.getGasPrice(),
  ]);
  return spec.feeModel === 'legacyTiers'
    ? legacyTiersFromHistory(history, gasPrice)
    : feeTiersFromHistory(history, gasPrice);
}

/** The tiers as the fee step shows them (Gwei). */
export async function getFees(ctx: EvmContext): Promise<FeeOptions> {
  const t = await getEvmFees(ctx);
  return { tiers: tiersInGwei(t), unit: 'Gwei', hidden: CHAINS[ctx.chain].hiddenFee };
}

/** Layer-1 fee × 1.25 for a call (0 on chains without an oracle). */
export async function estimateL1Fee(
  { spec, backend }: EvmContext,
  from: string,
  intent: TransferIntent,
  nonce: number,
  tier: EvmFeeTier,
): Promise<bigint> {
  if (!spec.l1FeeOracle) return 0n;
  const call = transferCall(from, intent);
  const dummy: EvmTxPlan = {
    chainId: spec.chainId,
    from: getAddress(from),
    nonce,
    ...call,
    gas: l1EstimateGasLimit(intent.kind),
    fee: tier,
  };
  const data = encodeFunctionData({
    abi: gasPriceOracleAbi,
    functionName: 'getL1Fee',
    args: [serializeUnsigned(dummy)],
  });
  const answer = await backend.ethCall(L1_GAS_PRICE_ORACLE, data);
  return layer1Fee(answer && answer !== '0x' ? BigInt(answer.slice(0, 66)) : 0n);
}

/** eth_estimateGas for a call; null when the node refuses (the fixed limits apply then). */
export async function estimateGas(
  { backend }: EvmContext,
  from: Address,
  call: { to: Address; value: bigint; data: Hex },
): Promise<bigint | null> {
  try {
    return await backend.estimateGas({
      from,
      to: call.to,
      value: call.value,
      ...(call.data !== '0x' ? { data: call.data } : {}),
    });
  } catch {
    return null; // fixed limits (21000 coin / 200000 token)
  }
}
