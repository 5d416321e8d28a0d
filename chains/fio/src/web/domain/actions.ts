/**
 * The Domain page's actions (spec 03 §2, §4): their names, the end point each is charged at, the title and step
 * keys, and the FIO action each builds from the action modal's Details.
 */
import type { FioActionKind, FioNameAction, FioRequest } from '@secux-companion/chain-fio';
import type { FioDomainAccount } from './model';

/** The payment-request actions on one request (they start at Verification and run at once). */
export type FioRequestActionName = 'rejectRequest' | 'cancelRequest' | 'markPaid';

export type FioActionName =
  | 'registerDomain'
  | 'registerHandle'
  | 'renewDomain'
  | 'transferDomain'
  | 'addBundled'
  | 'sendRequest'
  | FioRequestActionName;

export interface ActionTarget {
  domain?: string;
  handle?: string;
  owner?: FioDomainAccount;
  expiration?: string;
  /** The request a reject, cancel or mark-paid acts on. */
  request?: FioRequest;
}

/** Bundle sets bought by Add bundled transactions. */
export const BUNDLE_SETS = 1;

const REQUEST_ACTIONS: readonly FioActionName[] = [
  'sendRequest',
  'rejectRequest',
  'cancelRequest',
  'markPaid',
];

export const isRequestAction = (a: FioActionName) => REQUEST_ACTIONS.includes(a);

export const isRunAtOnce = (a: FioActionName): a is FioRequestActionName =>
  a === 'rejectRequest' || a === 'cancelRequest' || a === 'markPaid';

/** The action names a handle or domain the user types (its availability is checked). */
export const checksName = (a: FioActionName) => a === 'registerHandle' || a === 'registerDomain';

/** The end point each action's fee is read at. */
export const KIND: Record<FioActionName, FioActionKind> = {
  registerDomain: 'registerFioDomain',
  registerHandle: 'registerFioAddress',
  renewDomain: 'renewFioDomain',
  transferDomain: 'transferFioDomain',
  addBundled: 'addBundledTransactions',
  sendRequest: 'requestFunds',
  rejectRequest: 'rejectFundsRequest',
  cancelRequest: 'cancelFundsRequest',
  markPaid: 'recordObtData',
};

/** The name of the action step (spec 03 §2). */
const STEP: Record<FioActionName, string> = {
  registerDomain: 'register',
  registerHandle: 'register',
  renewDomain: 'renew',
  transferDomain: 'transfer',
  addBundled: 'add',
  sendRequest: 'request',
  rejectRequest: 'reject',
  cancelRequest: 'cancel',
  markPaid: 'paid',
};

export const titleKey = (a: FioActionName) =>
  isRequestAction(a) ? `fio.requests.actions.${a}` : `fio.actions.${a}`;

export const stepKey = (a: FioActionName) =>
  isRequestAction(a) ? `fio.requests.steps.${STEP[a]}` : `fio.steps.${STEP[a]}`;

/** The own handle a request action is charged to: the payer's for reject and paid, the payee's for cancel. */
export function requestHandle(action: FioActionName, r: FioRequest | undefined): string | undefined {
  if (!r) return undefined;
  return action === 'cancelRequest' ? r.payeeHandle : r.payerHandle;
}

/** Mark as paid, paid outside the app: recorded with the request's own content and no transaction id. */
function paidRecord(r: FioRequest): FioNameAction {
  return {
    kind: 'recordObtData',
    handle: r.payerHandle,
    requestId: r.id,
    payeeHandle: r.payeeHandle,
    payeeKey: r.payeeKey,
    content: {
      payerPublicAddress: '',
      payeePublicAddress: r.content?.payeePublicAddress ?? '',
      amount: r.content?.amount ?? '',
      chainCode: r.content?.chainCode ?? '',
      tokenCode: r.content?.tokenCode ?? '',
      status: 'sent_to_blockchain',
      obtId: '',
      memo: '',
    },
  };
}

/**
 * The FIO action to build: `name` is the handle or domain acted on, `newOwnerKey` a transfer's recipient,
 * `newRequest` the request form's action.
 */
export function nameAction(
  action: FioActionName,
  d: { name: string; newOwnerKey: string; request?: FioRequest; newRequest: () => FioNameAction },
): FioNameAction {
  switch (action) {
    case 'registerDomain':
      return { kind: 'registerFioDomain', domain: d.name };
    case 'registerHandle':
      return { kind: 'registerFioAddress', handle: d.name };
    case 'renewDomain':
      return { kind: 'renewFioDomain', domain: d.name };
    case 'transferDomain':
      return { kind: 'transferFioDomain', domain: d.name, newOwnerKey: d.newOwnerKey };
    case 'addBundled':
      return { kind: 'addBundledTransactions', handle: d.name, bundleSets: BUNDLE_SETS };
    case 'sendRequest':
      return d.newRequest();
    case 'rejectRequest':
    case 'cancelRequest':
      return {
        kind: action === 'rejectRequest' ? 'rejectFundsRequest' : 'cancelFundsRequest',
        handle: requestHandle(action, d.request)!,
        requestId: d.request!.id,
      };
    case 'markPaid':
      return paidRecord(d.request!);
  }
}
