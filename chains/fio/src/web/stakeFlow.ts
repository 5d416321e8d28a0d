/**
 * What the stake flow signs and pushes (spec 03 §2 Staking, §4): each action of the order is built and signed on
 * the device in turn (the device shows only a digest, reported to be compared), then what was signed is pushed in
 * the same order (the proxy vote before the stake).
 */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { FioAdapter, FioBuiltAction } from '@secux-companion/chain-fio';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { pushFioAction } from './actionLog';
import type { StakeStepKind } from './stake';
import type { StakeOrder } from './useStakeForm';

export interface Signed {
  kind: StakeStepKind;
  built: FioBuiltAction;
  signature: string;
}

export type StakeTxIds = { kind: StakeStepKind; txId: string }[];

/** Status; txIds of a failure: what went through before it (the proxy vote stays recorded when the stake fails). */
export type StakeResult =
  { state: 'success'; txIds: StakeTxIds; at: Date } | { state: 'failed'; message: string; txIds: StakeTxIds };

/** Builds and signs each action; `onAction` hears its index, then the digest the device shows for it. */
export async function signOrder(
  names: FioAdapter['names'],
  descriptor: AccountDescriptor,
  order: StakeOrder,
  onAction: (index: number, digest: string | null) => void,
): Promise<Signed[]> {
  const { handle, proxy, amount } = order;
  const done: Signed[] = [];
  for (const [index, kind] of order.plan.entries()) {
    onAction(index, null);
    const built = await names.build(
      descriptor,
      kind === 'proxyVote' ? { kind, handle, proxy } : { kind, handle, amount },
    );
    onAction(index, built.signRequest.digest);
    const signature = await currentDevice().signFio(built.signRequest.path, built.signRequest.sigData);
    done.push({ kind, built, signature });
  }
  return done;
}

/**
 * Pushes what was signed, in order, each with its transaction log; a refusal ends it with `describe`'s text of the
 * failure (the screen's: the catalogue's, in the user's language — not the server's English).
 */
export async function pushSigned(
  names: FioAdapter['names'],
  coin: string,
  signed: readonly Signed[],
  describe: (e: unknown) => string = (e) => (e instanceof Error ? e.message : String(e)),
): Promise<StakeResult> {
  const txIds: StakeTxIds = [];
  try {
    for (const s of signed) {
      const txId = await pushFioAction(names, coin, s.built, s.signature);
      txIds.push({ kind: s.kind, txId });
    }
    return { state: 'success', txIds, at: new Date() };
  } catch (e) {
    return { state: 'failed', message: describe(e), txIds };
  }
}
