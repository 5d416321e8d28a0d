/** The Domain page's actions: the fee of one, building one (balance checked, fields encrypted), signing and pushing. */
import { CoreError } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { FioSecretSource } from '../requests';
import { FIO_ACTIONS, isValidFioPublicKey, type FioActionKind } from '../rules';
import { fioPushBody } from '../tx';
import type { FioBuiltAction, FioNameAction, FioSigner } from '../types';
import { checkRequestId, encryptedFields, fieldsOf } from './actionFields';
import { buildAction } from './buildAction';
import { keyOf, type FioContext } from './context';

export function actionFee(ctx: FioContext, kind: FioActionKind, handle = ''): Promise<bigint> {
  return ctx.backend.fee(FIO_ACTIONS[kind].endPoint, FIO_ACTIONS[kind].bundled ? handle : '');
}

/** Throws insufficientBalance when the account cannot pay the action's fee (and stake). */
async function checkBalance(
  ctx: FioContext,
  account: AccountDescriptor,
  action: FioNameAction,
  fee: bigint,
): Promise<void> {
  const { backend } = ctx;
  if (FIO_ACTIONS[action.kind].bundled === false) {
    const { available } = await backend.balance(keyOf(account));
    const sets = action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : 1;
    if (fee * BigInt(sets) > available) throw new CoreError('insufficientBalance');
  } else if (action.kind === 'stakeFioTokens' || action.kind === 'unStakeFioTokens') {
    if (action.amount <= 0n) throw new CoreError('err-34');
    const b = await backend.balance(keyOf(account));
    const spent = action.kind === 'stakeFioTokens' ? action.amount + fee : fee;
    if (spent > b.available || (action.kind === 'unStakeFioTokens' && action.amount > b.staked))
      throw new CoreError('insufficientBalance');
  } else if (fee > 0n) {
    // The handle has no bundled transactions left (or there is no handle): the fee is paid from the balance.
    const { available } = await backend.balance(keyOf(account));
    if (fee > available) throw new CoreError('insufficientBalance');
  }
}

export async function buildNameAction(
  ctx: FioContext,
  account: AccountDescriptor,
  action: FioNameAction,
  tpid = ctx.tpid,
  secrets?: FioSecretSource,
): Promise<FioBuiltAction> {
  const handle = 'handle' in action ? action.handle : '';
  const fee = await actionFee(ctx, action.kind, handle);
  await checkBalance(ctx, account, action, fee);
  if (action.kind === 'transferFioDomain' && !isValidFioPublicKey(action.newOwnerKey))
    throw new CoreError('invalidAddress');
  if (action.kind === 'rejectFundsRequest' || action.kind === 'cancelFundsRequest')
    checkRequestId(action.requestId);
  const fields =
    action.kind === 'requestFunds' || action.kind === 'recordObtData'
      ? await encryptedFields(ctx, account, action, secrets)
      : fieldsOf(action, keyOf(account));
  return buildAction(
    ctx,
    account,
    action.kind,
    fields,
    fee,
    tpid,
    action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : undefined,
  );
}

export async function signAndPush(
  ctx: FioContext,
  signer: FioSigner,
  built: FioBuiltAction,
): Promise<string> {
  const signature = await signer.signFio(built.signRequest.path, built.signRequest.sigData);
  return ctx.backend.push(fioPushBody(built.unsigned, signature));
}
