/**
 * The multi-step action modal of the Domain page (spec 03 §2, §4): Details → Verification → the action (Register,
 * Renew, Transfer or Add) → Status. Details checks names (debounced 1000 ms availability, 'domainRegistered' /
 * 'not available' hints, 'Can not check {type}, please try again later'), the fee from /get_fee (shown ÷ 10^9) and
 * that the balance pays it; Verification shows what is signed and the digest the device shows; a device failure other
 * than a user cancel shows its message and returns to Details with the name input cleared; Status shows the
 * transaction id with copy and explorer link, or the failure. Closing from Status resets the form.
 * Payment requests (spec 03 §4): sendRequest runs the same four steps (its Details are RequestForm's); reject,
 * cancel and mark-paid start at Verification and sign at once, a device failure closes the modal, and a failed
 * mark-paid is only logged.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BUNDLE_SET_SIZE,
  DEFAULT_HANDLE_DOMAIN,
  NAME_CHECK_DEBOUNCE_MS,
  formatSuf,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  renewedExpiration,
  type FioActionKind,
  type FioBuiltAction,
  type FioNameAction,
  type FioRequest,
} from '@secux-companion/chain-fio';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../accounts/format';
import { useModalSize } from '../../../components/useModalSize';
import { currentDevice } from '../../../device/runtime';
import type { FioChain } from '../chain';
import { deviceFailure, type FioDomainAccount } from './model';
import { MemoChunks, TxIdRow } from './parts';
import { useRequestForm, type OwnedHandle } from './RequestForm';
import { fioDescriptor } from './requests';

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

const REQUEST_ACTIONS: readonly FioActionName[] = [
  'sendRequest',
  'rejectRequest',
  'cancelRequest',
  'markPaid',
];
const isRunAtOnce = (a: FioActionName): a is FioRequestActionName =>
  a === 'rejectRequest' || a === 'cancelRequest' || a === 'markPaid';

const KIND: Record<FioActionName, FioActionKind> = {
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
const titleKey = (a: FioActionName) =>
  REQUEST_ACTIONS.includes(a) ? `fio.requests.actions.${a}` : `fio.actions.${a}`;
const stepKey = (a: FioActionName) =>
  REQUEST_ACTIONS.includes(a) ? `fio.requests.steps.${STEP[a]}` : `fio.steps.${STEP[a]}`;

type Availability = { state: 'idle' | 'checking' | 'available' | 'taken' | 'error'; name: string };

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

export interface ActionTarget {
  domain?: string;
  handle?: string;
  owner?: FioDomainAccount;
  expiration?: string;
  /** The request a reject, cancel or mark-paid acts on. */
  request?: FioRequest;
}

/** The own handle a request action is charged to: the payer's for reject and paid, the payee's for cancel. */
function requestHandle(action: FioActionName, r: FioRequest | undefined): string | undefined {
  if (!r) return undefined;
  return action === 'cancelRequest' ? r.payeeHandle : r.payerHandle;
}

export function ActionModal({
  chain,
  action,
  accounts,
  ownDomains,
  target,
  handles = [],
  onClose,
  onSuccess,
}: {
  chain: FioChain;
  action: FioActionName;
  accounts: FioDomainAccount[];
  /** The accounts' crypto handles (the payee of a new request). */
  handles?: readonly OwnedHandle[];
  /** Domains the accounts own (a handle may be registered on them as well as on 'secux'). */
  ownDomains: string[];
  target: ActionTarget;
  onClose: () => void;
  onSuccess: (action: FioActionName, detail: { domain?: string; owner: FioDomainAccount }) => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const runAtOnce = isRunAtOnce(action);
  const [step, setStep] = useState(runAtOnce ? 1 : 0);
  const [accountPath, setAccountPath] = useState(
    target.owner?.path ?? target.request?.accountPath ?? accounts[0]?.path ?? '',
  );
  const requestForm = useRequestForm(chain, handles, action === 'sendRequest');
  const account =
    action === 'sendRequest' ? requestForm.handle?.owner : accounts.find((a) => a.path === accountPath);
  const feeHandle =
    action === 'sendRequest'
      ? (requestForm.handle?.handle ?? '')
      : (requestHandle(action, target.request) ?? target.handle);
  const [nameInput, setNameInput] = useState('');
  const [handleDomain, setHandleDomain] = useState(DEFAULT_HANDLE_DOMAIN);
  const [recipient, setRecipient] = useState('');
  const [fee, setFee] = useState<bigint | null>(null);
  const [feeError, setFeeError] = useState(false);
  const [built, setBuilt] = useState<FioBuiltAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: true; txId: string } | { ok: false; message: string } | null>(
    null,
  );
  const [recipientKey, setRecipientKey] = useState<{
    text: string;
    key: string | null;
    error?: string;
  } | null>(null);

  const name =
    action === 'registerHandle'
      ? `${nameInput.trim()}@${handleDomain}`
      : action === 'registerDomain'
        ? nameInput.trim()
        : (target.domain ?? target.handle ?? '');
  const nameValid =
    action === 'registerHandle'
      ? isValidHandle(name)
      : action === 'registerDomain'
        ? isValidDomain(name)
        : true;
  const checksName = action === 'registerHandle' || action === 'registerDomain';
  const availability = useAvailability(
    chain,
    checksName ? name : '',
    checksName && nameInput.trim() !== '' && nameValid,
  );

  // The fee for the action's end point.
  useEffect(() => {
    let live = true;
    setFee(null);
    setFeeError(false);
    if (runAtOnce) return;
    chain.adapter.names.fee(KIND[action], feeHandle ?? '').then(
      (f) => live && setFee(f),
      () => live && setFeeError(true),
    );
    return () => {
      live = false;
    };
  }, [chain, action, feeHandle, runAtOnce]);

  // Transfer recipient: a handle must be registered (its FIO key is read), otherwise a valid FIO public key.
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

  const sets = 1;
  const cost = fee === null ? null : action === 'addBundled' ? fee * BigInt(sets) : fee;
  const insufficient = cost !== null && account !== undefined && cost > account.available;
  const nameOk = !checksName || (availability.state === 'available' && availability.name === name);
  const recipientOk =
    action !== 'transferDomain' || (!!recipientKey?.key && recipientKey.text === recipient.trim());
  const requestOk = action !== 'sendRequest' || requestForm.ok;
  const canNext = !!account && cost !== null && !insufficient && nameOk && recipientOk && requestOk;

  const request = (): FioNameAction => {
    switch (action) {
      case 'registerDomain':
        return { kind: 'registerFioDomain', domain: name };
      case 'registerHandle':
        return { kind: 'registerFioAddress', handle: name };
      case 'renewDomain':
        return { kind: 'renewFioDomain', domain: name };
      case 'transferDomain':
        return { kind: 'transferFioDomain', domain: name, newOwnerKey: recipientKey?.key ?? '' };
      case 'addBundled':
        return { kind: 'addBundledTransactions', handle: name, bundleSets: sets };
      case 'sendRequest':
        return requestForm.action();
      case 'rejectRequest':
      case 'cancelRequest': {
        const r = target.request!;
        return {
          kind: action === 'rejectRequest' ? 'rejectFundsRequest' : 'cancelFundsRequest',
          handle: requestHandle(action, r)!,
          requestId: r.id,
        };
      }
      case 'markPaid': {
        // Paid outside the app: recorded with the request's own content and no transaction id.
        const r = target.request!;
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
    }
  };

  // Encrypted actions (a new request, a record) need the device's shared secret.
  const build = () =>
    chain.adapter.names.build(fioDescriptor(chain, account!), request(), undefined, currentDevice());

  const next = async () => {
    if (!account) return;
    setBusy(true);
    setFailure(null);
    try {
      const b = await build();
      setBuilt(b);
      setStep(1);
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (b: FioBuiltAction | null = built) => {
    if (!b || !account) return;
    setStep(2);
    let signature: string;
    try {
      signature = await currentDevice().signFio(b.signRequest.path, b.signRequest.sigData);
    } catch (e) {
      const f = deviceFailure(e);
      // Reject, cancel and paid: the modal closes (spec 03 §4); the others return to Details.
      if (runAtOnce) {
        if (!f.cancelled) console.warn(`${action} failed on the device`, e);
        onClose();
        return;
      }
      setStep(0);
      setBuilt(null);
      if (f.cancelled) return;
      setFailure(f.key ? t(f.key) : f.message);
      setNameInput('');
      return;
    }
    try {
      const txId = await chain.adapter.names.signAndPush({ signFio: async () => signature }, b);
      setResult({ ok: true, txId });
      onSuccess(action, {
        ...(target.domain ? { domain: target.domain } : action === 'registerDomain' ? { domain: name } : {}),
        owner: account,
      });
    } catch (e) {
      // A failed paid action is only logged (spec 03 §4).
      if (action === 'markPaid') {
        console.warn('mark as paid failed', e);
        onClose();
        return;
      }
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
    setStep(3);
  };

  // Reject, cancel and mark-paid start at Verification and run at once.
  const started = useRef(false);
  useEffect(() => {
    if (!runAtOnce || started.current || !account) return;
    started.current = true;
    build().then(
      (b) => {
        setBuilt(b);
        void confirm(b);
      },
      (e: unknown) => {
        console.warn(`${action} could not be built`, e);
        if (action === 'markPaid') return onClose();
        setResult({ ok: false, message: errorText(t, e) });
        setStep(3);
      },
    );
    // Once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The request under review: the new one (payer, payee, amount, memo) or the one acted on.
  const reviewed: [string, ReactNode, string][] | null = (() => {
    if (!REQUEST_ACTIONS.includes(action)) return null;
    const a = action === 'sendRequest' ? requestForm.action() : null;
    const r = target.request;
    const payer = a?.kind === 'requestFunds' ? a.payerHandle : (r?.payerHandle ?? '');
    const payee = a?.kind === 'requestFunds' ? a.handle : (r?.payeeHandle ?? '');
    const content = a?.kind === 'requestFunds' ? a.content : r?.content;
    const rows: [string, ReactNode, string][] = [];
    if (r) rows.push(['fio.requests.review.request', `#${r.id}`, 'fio-review-request']);
    rows.push(['fio.requests.review.payer', payer, 'fio-review-payer']);
    rows.push(['fio.requests.review.payee', payee, 'fio-review-payee']);
    if (content) {
      rows.push([
        'fio.requests.review.amount',
        t('fio.requests.amount', { amount: content.amount, token: content.tokenCode }),
        'fio-review-amount',
      ]);
      if (content.memo)
        rows.push([
          'fio.requests.review.memo',
          <MemoChunks key="memo" memo={content.memo} />,
          'fio-review-memo',
        ]);
    }
    return rows;
  })();

  const feeText =
    cost === null
      ? feeError
        ? t('fio.errors.feeFailed')
        : t('fio.feeLoading')
      : t('fio.fee', { fee: `${formatSuf(cost)} ${chain.coin}` });
  const availabilityHint =
    availability.name !== name || !checksName
      ? null
      : availability.state === 'taken'
        ? action === 'registerDomain'
          ? t('fio.hints.domainRegistered')
          : t('fio.hints.notAvailable')
        : availability.state === 'available'
          ? t('fio.hints.available')
          : availability.state === 'error'
            ? t('fio.errors.checkFailed', {
                type: action === 'registerDomain' ? t('fio.domainWord') : t('fio.handle'),
              })
            : availability.state === 'checking'
              ? t('fio.hints.checking')
              : null;

  return (
    <Modal opened onClose={onClose} size={size} title={t(titleKey(action))} data-testid="fio-action-modal">
      <Stepper active={step} size="xs" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t('fio.steps.details')} />
        <Stepper.Step label={t('fio.steps.verification')} />
        <Stepper.Step label={t(stepKey(action))} />
        <Stepper.Step label={t('fio.steps.status')} />
      </Stepper>
      {step === 0 && (
        <Stack>
          {action === 'sendRequest' ? (
            requestForm.fields
          ) : (
            <Select
              label={t('fio.account')}
              data={accounts.map((a) => ({ value: a.path, label: a.name }))}
              value={accountPath}
              onChange={(v) => v && setAccountPath(v)}
              disabled={!!target.owner}
              allowDeselect={false}
              data-testid="fio-action-account"
            />
          )}
          {action === 'registerHandle' && (
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('fio.handleName')}
                value={nameInput}
                onChange={(e) => setNameInput(e.currentTarget.value)}
                error={nameInput && !nameValid ? t('fio.errors.invalidHandle') : undefined}
                data-testid="fio-name-input"
                style={{ flex: 1 }}
              />
              <Select
                label={t('fio.domainWord')}
                data={[DEFAULT_HANDLE_DOMAIN, ...ownDomains.filter((d) => d !== DEFAULT_HANDLE_DOMAIN)]}
                value={handleDomain}
                onChange={(v) => v && setHandleDomain(v)}
                allowDeselect={false}
                data-testid="fio-handle-domain"
              />
            </Group>
          )}
          {action === 'registerDomain' && (
            <TextInput
              label={t('fio.domainName')}
              value={nameInput}
              onChange={(e) => setNameInput(e.currentTarget.value)}
              error={nameInput && !nameValid ? t('fio.errors.invalidDomain') : undefined}
              data-testid="fio-name-input"
            />
          )}
          {(action === 'renewDomain' || action === 'transferDomain' || action === 'addBundled') && (
            <Text data-testid="fio-action-target">{name}</Text>
          )}
          {action === 'renewDomain' && target.expiration && (
            <Text size="sm" c="dimmed" data-testid="fio-renew-expiry">
              {t('fio.renewTo', {
                date: renewedExpiration(new Date(`${target.expiration}Z`)).toLocaleDateString(),
              })}
            </Text>
          )}
          {action === 'addBundled' && (
            <Text size="sm">{t('fio.bundlesBought', { count: BUNDLE_SET_SIZE * sets })}</Text>
          )}
          {action === 'transferDomain' && (
            <TextInput
              label={t('fio.transferTo')}
              value={recipient}
              onChange={(e) => setRecipient(e.currentTarget.value)}
              error={recipientKey?.error}
              data-testid="fio-transfer-recipient"
            />
          )}
          {availabilityHint && (
            <Text
              size="sm"
              c={
                availability.state === 'available'
                  ? 'green'
                  : availability.state === 'checking'
                    ? 'dimmed'
                    : 'red'
              }
              data-testid="fio-availability"
              aria-live="polite"
            >
              {availabilityHint}
            </Text>
          )}
          <Text size="sm" data-testid="fio-action-fee">
            {feeText}
          </Text>
          {insufficient && (
            <Text size="sm" c="red" role="alert" data-testid="fio-insufficient">
              {t('fio.insufficientBalance')}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert" data-testid="fio-action-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('fio.cancel')}
            </Button>
            <Button
              onClick={() => void next()}
              disabled={!canNext}
              loading={busy}
              data-testid="fio-action-next"
            >
              {t('fio.next')}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 1 && built && account && (
        <Stack>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('fio.action')}</Table.Td>
                <Table.Td data-testid="fio-review-action">{t(titleKey(action))}</Table.Td>
              </Table.Tr>
              {name !== '' && (
                <Table.Tr>
                  <Table.Td>{t('fio.name')}</Table.Td>
                  <Table.Td data-testid="fio-review-name">{name}</Table.Td>
                </Table.Tr>
              )}
              {reviewed &&
                reviewed.map(([label, value, testId]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{t(label)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }} data-testid={testId}>
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              {action === 'transferDomain' && (
                <Table.Tr>
                  <Table.Td>{t('fio.transferTo')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{recipientKey?.key}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Td>{t('fio.account')}</Table.Td>
                <Table.Td>{account.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('fio.maxFee')}</Table.Td>
                <Table.Td data-testid="fio-review-fee">{`${formatSuf(built.unsigned.maxFee)} ${chain.coin}`}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Alert color="blue" data-testid="fio-review-digest">
            {t('fio.digestNote', { digest: built.signRequest.digest })}
          </Alert>
          <Group justify="flex-end">
            {!runAtOnce && (
              <Button variant="default" onClick={() => setStep(0)}>
                {t('fio.back')}
              </Button>
            )}
            <Button onClick={() => void confirm()} data-testid="fio-action-confirm">
              {t('fio.confirmOnDevice')}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 1 && !built && runAtOnce && <Loader size="sm" aria-label={t('fio.loading')} />}
      {step === 2 && (
        <Text aria-live="polite" data-testid="fio-action-signing">
          {t('fio.signing')}
        </Text>
      )}
      {step === 3 && result && (
        <Stack aria-live="polite">
          {result.ok ? (
            <>
              <Alert color="green" data-testid="fio-action-success">
                {t('fio.success')}
              </Alert>
              <TxIdRow txid={result.txId} testId="fio-action-txid" />
              {!chain.local && chain.adapter.explorer.tx(result.txId) && (
                <Anchor
                  href={chain.adapter.explorer.tx(result.txId)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('fio.explorer')}
                </Anchor>
              )}
            </>
          ) : (
            <Alert color="red" role="alert" data-testid="fio-action-failed">
              {t('fio.trFail', { message: result.message })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="fio-action-close">
              {t('fio.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
