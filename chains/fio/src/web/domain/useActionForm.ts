/**
 * The Details of the action modal (spec 03 §2, §4): the account, the name typed or acted on and its debounced
 * availability (1000 ms), a transfer's recipient (a registered handle's FIO key, or a valid FIO public key), the fee
 * from /get_fee and whether the balance pays it, and the FIO action these build.
 */
import {
  DEFAULT_HANDLE_DOMAIN,
  NAME_CHECK_DEBOUNCE_MS,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  type FioNameAction,
} from '@secux-companion/chain-fio';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FioChain } from '../chain';
import {
  BUNDLE_SETS,
  KIND,
  checksName,
  isRunAtOnce,
  nameAction,
  requestHandle,
  type ActionTarget,
  type FioActionName,
} from './actions';
import type { FioDomainAccount } from './model';
import { useRequestForm, type OwnedHandle, type RequestForm } from './RequestForm';

export type Availability = {
  state: 'idle' | 'checking' | 'available' | 'taken' | 'error';
  name: string;
};

/** A transfer's recipient as typed, the FIO key it stands for, or why it has none. */
export type RecipientKey = { text: string; key: string | null; error?: string } | null;

/** Debounced avail_check of a handle or domain (1000 ms after the last change). */
function useAvailability(chain: FioChain, name: string, valid: boolean): Availability {
  const [a, setA] = useState<Availability>({ state: 'idle', name: '' });
  useEffect(() => {
    if (!valid) return setA({ state: 'idle', name });
    setA({ state: 'checking', name });
    const c = new AbortController();
    const timer = setTimeout(() => {
      chain.reader.isRegistered(name, c.signal).then(
        (taken) => !c.signal.aborted && setA({ state: taken ? 'taken' : 'available', name }),
        () => !c.signal.aborted && setA({ state: 'error', name }),
      );
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      c.abort();
    };
  }, [chain, name, valid]);
  return a;
}

/** The fee for the action's end point (none for the actions that run at once). */
function useActionFee(chain: FioChain, action: FioActionName, feeHandle: string) {
  const [fee, setFee] = useState<bigint | null>(null);
  const [feeError, setFeeError] = useState(false);
  const runAtOnce = isRunAtOnce(action);
  useEffect(() => {
    let live = true;
    setFee(null);
    setFeeError(false);
    if (runAtOnce) return;
    chain.adapter.names.fee(KIND[action], feeHandle).then(
      (f) => live && setFee(f),
      () => live && setFeeError(true),
    );
    return () => {
      live = false;
    };
  }, [chain, action, feeHandle, runAtOnce]);
  return { fee, feeError };
}

/** Transfer recipient: a handle must be registered (its FIO key is read), otherwise a valid FIO public key. */
function useTransferRecipient(chain: FioChain, action: FioActionName, recipient: string): RecipientKey {
  const { t } = useTranslation();
  const [recipientKey, setRecipientKey] = useState<RecipientKey>(null);
  useEffect(() => {
    if (action !== 'transferDomain') return;
    const text = recipient.trim();
    if (!text) return setRecipientKey(null);
    if (!text.includes('@'))
      return setRecipientKey({
        text,
        key: isValidFioPublicKey(text) ? text : null,
        ...(isValidFioPublicKey(text) ? {} : { error: t('fio.errors.invalidPublicKey') }),
      });
    if (!isValidHandle(text))
      return setRecipientKey({ text, key: null, error: t('fio.errors.invalidHandle') });
    setRecipientKey({ text, key: null });
    const c = new AbortController();
    const timer = setTimeout(() => {
      chain.reader.publicAddress(text, 'FIO', 'FIO', c.signal).then(
        (key) =>
          !c.signal.aborted &&
          setRecipientKey(
            key ? { text, key } : { text, key: null, error: t('fio.errors.handleNotRegistered') },
          ),
        () =>
          !c.signal.aborted &&
          setRecipientKey({ text, key: null, error: t('fio.errors.checkFailed', { type: t('fio.handle') }) }),
      );
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      c.abort();
    };
  }, [action, recipient, chain, t]);
  return recipientKey;
}

/** The handle or domain the action acts on: typed (a handle on the chosen domain), else the target's. */
function actionName(action: FioActionName, nameInput: string, handleDomain: string, target: ActionTarget) {
  if (action === 'registerHandle') return `${nameInput.trim()}@${handleDomain}`;
  if (action === 'registerDomain') return nameInput.trim();
  return target.domain ?? target.handle ?? '';
}

function isValidName(action: FioActionName, name: string) {
  if (action === 'registerHandle') return isValidHandle(name);
  if (action === 'registerDomain') return isValidDomain(name);
  return true;
}

export interface ActionForm {
  action: FioActionName;
  account: FioDomainAccount | undefined;
  accountPath: string;
  setAccountPath(path: string): void;
  nameInput: string;
  setNameInput(text: string): void;
  handleDomain: string;
  setHandleDomain(domain: string): void;
  recipient: string;
  setRecipient(text: string): void;
  /** The handle or domain acted on. */
  name: string;
  nameValid: boolean;
  availability: Availability;
  recipientKey: RecipientKey;
  /** The fee the action costs (null while it loads or when it failed: feeError). */
  cost: bigint | null;
  feeError: boolean;
  insufficient: boolean;
  requestForm: RequestForm;
  /** Next may be pressed. */
  canNext: boolean;
  /** The FIO action to build. */
  request(): FioNameAction;
}

export function useActionForm(
  chain: FioChain,
  action: FioActionName,
  accounts: FioDomainAccount[],
  handles: readonly OwnedHandle[],
  target: ActionTarget,
): ActionForm {
  const [accountPath, setAccountPath] = useState(
    target.owner?.path ?? target.request?.accountPath ?? accounts[0]?.path ?? '',
  );
  const [nameInput, setNameInput] = useState('');
  const [handleDomain, setHandleDomain] = useState(DEFAULT_HANDLE_DOMAIN);
  const [recipient, setRecipient] = useState('');
  const requestForm = useRequestForm(chain, handles, action === 'sendRequest');
  const isRequest = action === 'sendRequest';
  const account = isRequest ? requestForm.handle?.owner : accounts.find((a) => a.path === accountPath);
  const feeHandle = isRequest
    ? (requestForm.handle?.handle ?? '')
    : (requestHandle(action, target.request) ?? target.handle);

  const name = actionName(action, nameInput, handleDomain, target);
  const nameValid = isValidName(action, name);
  const checks = checksName(action);
  const availability = useAvailability(
    chain,
    checks ? name : '',
    checks && nameInput.trim() !== '' && nameValid,
  );
  const { fee, feeError } = useActionFee(chain, action, feeHandle ?? '');
  const recipientKey = useTransferRecipient(chain, action, recipient);

  const cost = fee === null ? null : action === 'addBundled' ? fee * BigInt(BUNDLE_SETS) : fee;
  const insufficient = cost !== null && account !== undefined && cost > account.available;
  const nameOk = !checks || (availability.state === 'available' && availability.name === name);
  const recipientOk =
    action !== 'transferDomain' || (!!recipientKey?.key && recipientKey.text === recipient.trim());
  const requestOk = !isRequest || requestForm.ok;
  const canNext = !!account && cost !== null && !insufficient && nameOk && recipientOk && requestOk;

  const request = () =>
    nameAction(action, {
      name,
      newOwnerKey: recipientKey?.key ?? '',
      ...(target.request ? { request: target.request } : {}),
      newRequest: () => requestForm.action(),
    });

  return {
    action,
    account,
    accountPath,
    setAccountPath,
    nameInput,
    setNameInput,
    handleDomain,
    setHandleDomain,
    recipient,
    setRecipient,
    name,
    nameValid,
    availability,
    recipientKey,
    cost,
    feeError,
    insufficient,
    requestForm,
    canNext,
    request,
  };
}
