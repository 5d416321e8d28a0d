/** One action to sign: fee, TAPOS from the chain, the contract's ABI, and what the device is asked to sign. */
import { signingPath } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { FIO_ACTIONS, type FioActionKind } from '../rules';
import { buildFioAction, fioSigningDigest } from '../tx';
import type { FioBuiltAction } from '../types';
import { fioActor, keyOf, type FioContext } from './context';

export async function buildAction(
  ctx: FioContext,
  account: AccountDescriptor,
  kind: FioActionKind,
  fields: Record<string, unknown>,
  fee: bigint,
  tpid: string,
  bundleSets?: number,
): Promise<FioBuiltAction> {
  const publicKey = keyOf(account);
  const [chainRef, contractAbi] = await Promise.all([
    ctx.backend.chainRef(),
    ctx.abi(FIO_ACTIONS[kind].account),
  ]);
  const unsigned = await buildFioAction({
    kind,
    actor: fioActor(publicKey),
    fields,
    fee,
    ...(bundleSets ? { bundleSets } : {}),
    tpid,
    chain: chainRef,
    abis: [contractAbi],
  });
  return {
    unsigned,
    fee,
    signRequest: {
      path: signingPath(ctx.chain, account.path),
      sigData: unsigned.sigData,
      digest: fioSigningDigest(unsigned.sigData),
    },
  };
}
