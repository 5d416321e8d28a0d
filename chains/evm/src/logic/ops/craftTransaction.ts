/**
 * Crafting a send: the recipient checked, the intent in API form, the gas limit, the fees and the amount rules
 * (send-all, token balance, fee covered), then the unsigned transaction and what the review shows.
 */
import { CoreError, assertEvmFeeCovered, signingPath } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { isAddress } from 'viem';
import { displayAddress, toApiAddress, validateEvmRecipient } from '../address';
import {
  checkTokenSend,
  coinSendAmount,
  isFeeTooHigh,
  networkFee,
  resolveGasLimit,
  selectFeeTier,
  tierPrice,
  weiToGwei,
} from '../fees';
import { serializeUnsigned, transferCall, type EvmTxPlan, type TransferIntent } from '../tx';
import type { EvmBuiltTransaction, EvmSendDraft } from '../types';
import { addressOf, toApiAddressSafe, type EvmContext } from './context';
import { estimateGas, estimateL1Fee, getEvmFees } from './estimateFees';
import { getNonce } from './getNonce';
import { getTokenBalances } from './tokens';

/** The intent with its recipient (and token contract) in API form; an invalid recipient is refused. */
function resolveIntent(chain: EvmContext['chain'], intent: TransferIntent): TransferIntent {
  if (
    validateEvmRecipient(chain, intent.to) !== 'ok' ||
    !isAddress(toApiAddressSafe(chain, intent.to), { strict: false })
  ) {
    throw new CoreError('invalidAddress');
  }
  const to = toApiAddress(chain, intent.to);
  // Contracts in API form (an 'xdc…' contract on XDC becomes 0x…); the whole intent is normalised once.
  return intent.kind === 'coin'
    ? { ...intent, to }
    : { ...intent, to, contract: toApiAddressSafe(chain, intent.contract) };
}

/** The balance of the token sent: the draft's when known, else the batch read (0 for coin and NFT sends). */
function tokenBalanceOf(
  tokenContract: string | undefined,
  draft: EvmSendDraft,
  read: Map<string, bigint> | undefined,
): bigint {
  if (tokenContract === undefined) return 0n;
  return (
    draft.tokenBalance ??
    [...(read ?? new Map<string, bigint>())].find(
      ([c]) => c.toLowerCase() === tokenContract.toLowerCase(),
    )?.[1] ??
    0n
  );
}

/** The amount rules: a coin send's amount (send-all), a token send's balances, an NFT send's fee. */
function applyAmountRules(
  ctx: EvmContext,
  resolved: TransferIntent,
  a: { balance: bigint; tokenBalance: bigint; fee: bigint; l1Fee: bigint; sendAll: boolean },
): TransferIntent {
  if (resolved.kind === 'coin') {
    const amount = coinSendAmount({
      balance: a.balance,
      fee: a.fee,
      l1Fee: a.l1Fee,
      amount: resolved.amount,
      sendAll: a.sendAll,
    });
    return { ...resolved, amount };
  }
  if (resolved.kind === 'token') {
    checkTokenSend({
      coinBalance: a.balance,
      tokenBalance: a.tokenBalance,
      amount: resolved.amount,
      fee: a.fee,
      l1Fee: a.l1Fee,
      coin: ctx.spec.coin,
    });
  } else {
    assertEvmFeeCovered(a.balance, a.fee, a.l1Fee);
  }
  return resolved;
}

export async function craftTransaction(
  ctx: EvmContext,
  account: AccountDescriptor,
  draft: EvmSendDraft,
): Promise<EvmBuiltTransaction> {
  const { chain, spec, backend, options } = ctx;
  const from = addressOf(ctx, account);
  const intent = draft.intent;
  let resolved = resolveIntent(chain, intent);
  const to = resolved.to;
  const fees = draft.fees ?? (await getEvmFees(ctx));
  const tier = selectFeeTier(fees, draft.feeMode, draft.customFeeGwei);

  const tokenContract = resolved.kind === 'token' ? resolved.contract : undefined;
  const needsTokenBalance = tokenContract !== undefined && draft.tokenBalance === undefined;
  const [summary, nonce, tokenBalances] = await Promise.all([
    backend.getAccount(from),
    getNonce(ctx, from),
    needsTokenBalance ? getTokenBalances(ctx, from, [tokenContract]) : Promise.resolve(undefined),
  ]);
  const tokenBalance = tokenBalanceOf(tokenContract, draft, tokenBalances);

  // The amount of a send-all token transfer is the whole token balance.
  if (resolved.kind === 'token' && draft.sendAll) resolved = { ...resolved, amount: tokenBalance };
  const probe = resolved.kind === 'coin' && draft.sendAll ? { ...resolved, amount: 0n } : resolved;
  const gasEstimate = await estimateGas(ctx, from, transferCall(from, probe));
  const gasLimit = resolveGasLimit(intent.kind, gasEstimate, { large: options.largeGasLimits ?? false });
  const fee = networkFee(tier, gasLimit);
  const l1Fee = await estimateL1Fee(ctx, from, resolved, nonce.nonce, tier);
  resolved = applyAmountRules(ctx, resolved, {
    balance: summary.balance,
    tokenBalance,
    fee,
    l1Fee,
    sendAll: draft.sendAll ?? false,
  });

  const plan: EvmTxPlan = {
    chainId: spec.chainId,
    from,
    nonce: nonce.nonce,
    ...transferCall(from, resolved),
    gas: gasLimit,
    fee: tier,
  };
  const amount =
    resolved.kind === 'nft' ? (resolved.amount ?? 1n) : resolved.kind === 'revoke' ? 0n : resolved.amount;
  const totalFee = fee + l1Fee;
  return {
    intent: resolved,
    ...(draft.token && (resolved.kind === 'token' || resolved.kind === 'revoke')
      ? { token: draft.token }
      : {}),
    unsigned: plan,
    signRequest: { path: signingPath(chain, account.path), unsignedTx: serializeUnsigned(plan) },
    review: {
      recipient: displayAddress(chain, to),
      amount,
      fee: totalFee,
      feeRate: weiToGwei(tierPrice(tier)),
      total: resolved.kind === 'coin' ? amount + totalFee : totalFee,
    },
    details: {
      gasLimit,
      tier,
      networkFee: fee,
      l1Fee,
      feeTooHigh: isFeeTooHigh(chain, tierPrice(tier), fees),
      nonceSource: nonce.source,
    },
  };
}
