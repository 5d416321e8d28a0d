/**
 * Crafting a send of TRX, a TRC-10 or a TRC-20 token: the costs (bandwidth, energy, activation) computed from the
 * chain's own parameters for the transaction's real size, send-all, the TRC-20 fee limit and the TRX balance rule.
 */
import { CoreError, formatUnits, signingPath } from '@secux-companion/core';
import type { AccountDescriptor, BuiltTransaction } from '@secux-companion/chain-common';
import { accountAddress } from '@secux-companion/chain-common';
import { isValidTronAddress } from '../address';
import { TRON_FEE_LIMIT, tronCosts, withinFeeLimit, type TronCosts } from '../costs';
import { TronError } from '../errors';
import { tronTokenType } from '../tokenType';
import {
  TRON_EXPIRATION_MS,
  rawDataHex,
  signedSize,
  trc20TransferData,
  type TronBlockRef,
  type TronDeviceTx,
} from '../tx';
import type { TronAccountInfo, TronDraft, TronSignRequest, TronUnsigned } from '../types';
import { TRX_DECIMALS, type TronContext } from './context';

type Kind = TronDeviceTx['kind'];

/** Sun as a device amount (the device's protobuf takes a JS number). */
function safeNumber(v: bigint): number {
  if (v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER)) throw new CoreError('invalidAmount');
  return Number(v);
}

/** What is sent: TRX, or a token (TRC-20 when its contract is a 'T…' address, TRC-10 when it is a token id). */
function kindOf(token: TronDraft['token']): Kind {
  const kind = token ? (tronTokenType(token.contract) === 'trc20' ? 'trc20' : 'trc10') : 'trx';
  if (kind === 'trc20' && !isValidTronAddress(token!.contract)) throw new CoreError('invalidTokenContract');
  if (kind === 'trc10' && !/^\d{1,19}$/.test(token!.contract)) throw new CoreError('invalidTokenContract');
  return kind;
}

/** The transaction the device builds, for an amount. */
function deviceTx(
  from: string,
  block: TronBlockRef,
  draft: TronDraft,
  kind: Kind,
  amount: bigint,
): TronDeviceTx {
  const base = {
    from,
    blockID: block.blockID,
    blockNumber: block.blockNumber,
    timestamp: block.timestamp,
    expiration: block.timestamp + TRON_EXPIRATION_MS,
  };
  const to = draft.recipient;
  if (kind === 'trx') return { ...base, kind, to, amount: safeNumber(amount) };
  if (kind === 'trc10')
    return { ...base, kind, to, amount: safeNumber(amount), token: draft.token!.contract };
  return {
    ...base,
    kind,
    to,
    amount: amount.toString(),
    contract: draft.token!.contract,
    feeLimit: safeNumber(TRON_FEE_LIMIT),
  };
}

/** The amount and its costs; a TRX send-all pays its costs out of the balance (computed twice: size follows amount). */
function amountAndCosts(
  draft: TronDraft,
  kind: Kind,
  me: TronAccountInfo,
  tokenBalance: bigint,
  costsFor: (amount: bigint) => TronCosts,
): { amount: bigint; costs: TronCosts } {
  if (!draft.sendAll) {
    if (draft.amount <= 0n) throw new CoreError('amountOrRecipientMissing');
    return { amount: draft.amount, costs: costsFor(draft.amount) };
  }
  let amount: bigint;
  let costs: TronCosts;
  if (kind === 'trx') {
    costs = costsFor(me.balance);
    amount = me.balance - costs.total;
    if (amount > 0n) costs = costsFor(amount);
    amount = me.balance - costs.total;
  } else {
    amount = tokenBalance;
    costs = costsFor(amount);
  }
  if (amount <= 0n) throw new CoreError('err-39', { coin: 'TRX' });
  return { amount, costs };
}

/** A TRC-20 send whose energy burn exceeds the fee limit would fail on chain and still burn: refused. */
function assertWithinFeeLimit(energy: bigint, costs: TronCosts): void {
  if (withinFeeLimit(costs)) return;
  throw new TronError(
    'tronFeeLimitExceeded',
    `This token send needs ${energy} energy; the account has ${costs.energyAvailable}, so about ${formatUnits(costs.energyBurn, TRX_DECIMALS)} TRX would be burned — more than the ${formatUnits(TRON_FEE_LIMIT, TRX_DECIMALS)} TRX fee limit. The network would stop it (OUT_OF_ENERGY) and still burn the fee, so it is not signed.`,
    {
      energy: energy.toString(),
      available: costs.energyAvailable.toString(),
      burn: formatUnits(costs.energyBurn, TRX_DECIMALS),
      limit: formatUnits(TRON_FEE_LIMIT, TRX_DECIMALS),
    },
  );
}

export async function craftTransaction(
  { backend, chain }: TronContext,
  account: AccountDescriptor,
  draft: TronDraft,
): Promise<BuiltTransaction<TronUnsigned, TronSignRequest>> {
  const from = accountAddress(account);
  if (!isValidTronAddress(draft.recipient)) throw new CoreError('invalidAddress');
  const [me, recipient, params, block] = await Promise.all([
    backend.account(from),
    backend.account(draft.recipient),
    backend.params(),
    backend.block(),
  ]);
  const token = draft.token;
  const kind = kindOf(token);
  // TRC-20 does not create the recipient's account; TRX and TRC-10 transfers do.
  const activates = !recipient.activated && kind !== 'trc20';
  const held = token ? me.tokens.find((t) => t.contract === token.contract) : undefined;
  const tokenBalance = held?.balance ?? 0n;
  const txFor = (amount: bigint) => deviceTx(from, block, draft, kind, amount);
  const energy =
    kind === 'trc20'
      ? await backend.estimateEnergy(
          from,
          token!.contract,
          trc20TransferData(draft.recipient, draft.sendAll ? tokenBalance : draft.amount),
        )
      : 0n;
  const costsFor = (amount: bigint) =>
    tronCosts({
      bytes: signedSize(rawDataHex(txFor(amount))),
      energy,
      activates,
      resources: me.resources,
      params,
    });

  const { amount, costs } = amountAndCosts(draft, kind, me, tokenBalance, costsFor);
  if (kind !== 'trx' && amount > tokenBalance) throw new CoreError('err-31');
  if (kind === 'trc20') assertWithinFeeLimit(energy, costs);
  // err-39: TRX must cover the amount (TRX sends) and everything burned, activation included.
  const trxSpent = (kind === 'trx' ? amount : 0n) + costs.total;
  if (me.balance < trxSpent) throw new CoreError('err-39', { coin: 'TRX' });

  const tx = txFor(amount);
  return {
    unsigned: { tx, rawHex: rawDataHex(tx), costs, activates, ...(token ? { token } : {}) },
    signRequest: { path: signingPath(chain, account.path), tx },
    review: {
      recipient: draft.recipient,
      amount,
      fee: costs.total,
      total: kind === 'trx' ? amount + costs.total : costs.total,
    },
  };
}
