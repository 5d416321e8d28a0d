/** Fees: each end point's fee, the bundled transactions a call spends, get_fee's answer and a bundled action's fee. */
import { BASE_CONTENT, SUF } from './constants.js';
import { invalidInput } from './errors.js';
import type { FioState, Handle } from './state.js';

/** Fees per end point (SUF), in the order of magnitude of mainnet's. */
export const FIO_LOCAL_FEES: Readonly<Record<string, bigint>> = {
  transfer_tokens_pub_key: 2n * SUF,
  register_fio_domain: 40n * SUF,
  register_fio_address: 2n * SUF,
  renew_fio_domain: 40n * SUF,
  transfer_fio_domain: 2n * SUF,
  add_bundled_transactions: 2n * SUF,
  add_pub_address: 600_000_000n,
  remove_pub_address: 600_000_000n,
  new_funds_request: 800_000_000n,
  reject_funds_request: 400_000_000n,
  cancel_funds_request: 400_000_000n,
  record_obt_data: 800_000_000n,
  stake_fio_tokens: 3n * SUF,
  unstake_fio_tokens: 3n * SUF,
  proxy_vote: 500_000_000n,
};
/** Bundled transactions one call of a bundle-eligible end point spends (fio.contracts: 2 for a request or a record). */
const BUNDLE_COST: Readonly<Record<string, number>> = {
  add_pub_address: 1,
  remove_pub_address: 1,
  new_funds_request: 2,
  reject_funds_request: 1,
  cancel_funds_request: 1,
  record_obt_data: 2,
  stake_fio_tokens: 1,
  unstake_fio_tokens: 1,
  proxy_vote: 1,
};
export const BUNDLED_END_POINTS = new Set(Object.keys(BUNDLE_COST));
/** Bundle-eligible end points whose get_fee does not need a handle (staking may be paid without one). */
const HANDLE_OPTIONAL_END_POINTS = new Set(['stake_fio_tokens', 'unstake_fio_tokens']);
/** Each action's end point (the name its fee is listed under). */
export const ENDPOINT_OF: Readonly<Record<string, string>> = {
  trnsfiopubky: 'transfer_tokens_pub_key',
  regdomain: 'register_fio_domain',
  regaddress: 'register_fio_address',
  renewdomain: 'renew_fio_domain',
  xferdomain: 'transfer_fio_domain',
  addbundles: 'add_bundled_transactions',
  addaddress: 'add_pub_address',
  remaddress: 'remove_pub_address',
  newfundsreq: 'new_funds_request',
  rejectfndreq: 'reject_funds_request',
  cancelfndreq: 'cancel_funds_request',
  recordobt: 'record_obt_data',
  stakefio: 'stake_fio_tokens',
  unstakefio: 'unstake_fio_tokens',
  voteproxy: 'proxy_vote',
};

/** get_fee: the end point's fee, 0 for a bundle-eligible one when the handle has bundled transactions left. */
export function feeFor(s: FioState, endPoint: string, fioAddress: string): bigint {
  const fee = FIO_LOCAL_FEES[endPoint];
  if (fee === undefined) throw invalidInput('end_point', endPoint, 'Invalid end point');
  if (BUNDLED_END_POINTS.has(endPoint)) {
    if (!fioAddress && HANDLE_OPTIONAL_END_POINTS.has(endPoint)) return fee;
    const h = s.handles.get(fioAddress);
    if (!h) throw invalidInput('fio_address', fioAddress, 'No such FIO Address');
    return h.bundled >= BUNDLE_COST[endPoint]! ? 0n : fee;
  }
  return fee;
}

/** The fee / bundle multiplier of a request's or a record's content (fio.common: per 1,000 characters). */
export const multiplierOf = (content: string) =>
  content.length >= BASE_CONTENT ? Math.floor(content.length / BASE_CONTENT) + 1 : 1;

/**
 * The fee of a bundle-eligible action: `bundles` from the handle when it has them (then 0), else the fee × the
 * content multiplier, which max_fee must cover and the spendable balance must pay. Nothing is changed here: the
 * caller spends it once every check has passed (a refused transaction changes nothing, as on chain).
 */
export function bundledFee(
  s: FioState,
  endPoint: string,
  handle: Handle | undefined,
  bundles: number,
  multiplier: number,
  maxFee: bigint,
  signer: string,
): { fee: bigint; spend: () => void } {
  const useBundles = handle !== undefined && (bundles > 1 ? handle.bundled >= bundles : handle.bundled > 0);
  const fee = useBundles ? 0n : FIO_LOCAL_FEES[endPoint]! * BigInt(multiplier);
  if (fee > maxFee) throw invalidInput('max_fee', maxFee, 'Fee exceeds supplied maximum.');
  if (fee > s.availableOf(signer)) throw invalidInput('max_fee', maxFee, 'Insufficient funds to cover fee');
  return {
    fee,
    spend: () => {
      if (useBundles) handle.bundled -= bundles;
      else s.balances.set(signer, s.balanceOf(signer) - fee);
    },
  };
}
