/**
 * The Details of a new payment request (spec 03 §5): one of the user's crypto handles as payee, the payer's handle
 * (must contain @ and be registered: its FIO key is read, debounced 1000 ms), the chain to be paid on (an address the
 * payee handle maps), the amount (negatives cleared, at most 15 decimals), the memo (≤ 200 characters with the
 * remaining count) and a warning when the handle has fewer bundled transactions than a request spends.
 */
import { Alert, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  NAME_CHECK_DEBOUNCE_MS,
  bundlesNeeded,
  cleanRequestAmount,
  isValidHandle,
  shortenAddress,
  type FioHandleEntry,
  type FioNameAction,
} from '@secux-companion/chain-fio';
import { useEffect, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FioChain } from '../chain';
import type { FioDomainAccount } from './model';
import { MemoField } from './parts';
import { bundlesShort, canRequest, type PayerCheck } from './requests';

export type OwnedHandle = FioHandleEntry & { owner: FioDomainAccount };

export interface RequestForm {
  fields: ReactNode;
  /** Next may be pressed. */
  ok: boolean;
  /** The chosen payee handle and its account. */
  handle: OwnedHandle | undefined;
  /** The action to build (valid only when `ok`). */
  action(): FioNameAction;
}

/** Debounced check that the payer handle is registered (its FIO public key). */
function usePayer(chain: FioChain, text: string, enabled: boolean): PayerCheck {
  const [check, setCheck] = useState<PayerCheck>({ state: 'idle' });
  useEffect(() => {
    const handle = text.trim();
    if (!enabled || handle === '') return setCheck({ state: 'idle' });
    if (!handle.includes('@') || !isValidHandle(handle)) return setCheck({ state: 'invalid', handle });
    setCheck({ state: 'checking', handle });
    const c = new AbortController();
    const timer = setTimeout(() => {
      chain.reader.publicAddress(handle, 'FIO', 'FIO', c.signal).then(
        (key) =>
          !c.signal.aborted &&
          setCheck(key ? { state: 'registered', handle, key } : { state: 'notRegistered', handle }),
        () => !c.signal.aborted && setCheck({ state: 'error', handle }),
      );
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      c.abort();
    };
  }, [chain, text, enabled]);
  return check;
}

const keyOf = (a: { chainCode: string; tokenCode: string }) => `${a.chainCode}:${a.tokenCode}`;

/** The payer field's error and its checking / registered note. */
function payerTexts(t: TFunction, payer: PayerCheck): { error?: string; description?: string } {
  switch (payer.state) {
    case 'invalid':
      return { error: t('fio.errors.invalidHandle') };
    case 'notRegistered':
      return { error: t('fio.errors.handleNotRegistered') };
    case 'error':
      return { error: t('fio.errors.checkFailed', { type: t('fio.handle') }) };
    case 'checking':
      return { description: t('fio.hints.checking') };
    case 'registered':
      return { description: t('fio.requests.form.payerRegistered') };
    default:
      return {};
  }
}

type MappedAddress = { chainCode: string; tokenCode: string; publicAddress: string };

/** The chain to be paid on: one the payee handle maps an address for (the address shown), or why there is none. */
function ChainField({
  options,
  target,
  noneMapped,
  onChange,
}: {
  options: readonly MappedAddress[];
  target: MappedAddress | undefined;
  noneMapped: boolean;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (noneMapped)
    return (
      <Alert color="yellow" data-testid="fio-request-no-mapped">
        {t('fio.requests.form.noMapped')}
      </Alert>
    );
  return (
    <Select
      label={t('fio.requests.form.chain')}
      data={options.map((a) => ({
        value: keyOf(a),
        label: a.chainCode === a.tokenCode ? a.chainCode : `${a.chainCode} ${a.tokenCode}`,
      }))}
      value={target ? keyOf(target) : null}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      description={
        target
          ? t('fio.requests.form.receiveAt', { address: shortenAddress(target.publicAddress) })
          : undefined
      }
      data-testid="fio-request-chain"
    />
  );
}

export function useRequestForm(
  chain: FioChain,
  handles: readonly OwnedHandle[],
  enabled: boolean,
): RequestForm {
  const { t } = useTranslation();
  const [handleName, setHandleName] = useState(handles[0]?.handle ?? '');
  const [payerText, setPayerText] = useState('');
  const [chainKey, setChainKey] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const handle = handles.find((h) => h.handle === handleName);
  const payer = usePayer(chain, payerText, enabled);

  // What the payee handle can be paid on: its mapped addresses of other chains.
  const mapped = useQuery({
    queryKey: ['fio-mapped-request', chain.coin, handleName],
    queryFn: () => chain.reader.publicAddresses(handleName),
    enabled: enabled && handleName !== '',
    // Each new request reads the handle's addresses afresh (one mapped since the last form must be offered).
    gcTime: 0,
  });
  const options = (mapped.data ?? []).filter((a) => a.chainCode !== 'FIO');
  const target = options.find((a) => keyOf(a) === chainKey) ?? options[0];

  const ok =
    !!handle &&
    canRequest({ payer, payerText, amount, memo, payeeAddress: target?.publicAddress ?? '' }) &&
    payer.state === 'registered' &&
    payer.handle !== handle.handle;

  const payerNote = payerTexts(t, payer);

  const fields = (
    <>
      {handles.length === 0 && (
        <Alert color="yellow" data-testid="fio-request-no-handle">
          {t('fio.requests.form.noHandle')}
        </Alert>
      )}
      <Select
        label={t('fio.requests.form.payee')}
        data={handles.map((h) => h.handle)}
        value={handleName || null}
        onChange={(v) => {
          if (!v) return;
          setHandleName(v);
          setChainKey(null);
        }}
        allowDeselect={false}
        data-testid="fio-request-payee"
      />
      {handle && bundlesShort(handle.bundled, 'requestFunds') && (
        <Alert color="orange" role="alert" data-testid="fio-request-bundles">
          {t('fio.requests.form.bundlesShort', {
            handle: handle.handle,
            count: handle.bundled,
            needed: bundlesNeeded('requestFunds'),
          })}
        </Alert>
      )}
      <TextInput
        label={t('fio.requests.form.payer')}
        value={payerText}
        onChange={(e) => setPayerText(e.currentTarget.value)}
        error={payerNote.error}
        description={payerNote.description}
        autoComplete="off"
        spellCheck={false}
        data-testid="fio-request-payer"
      />
      <ChainField
        options={options}
        target={target}
        noneMapped={mapped.isSuccess && options.length === 0}
        onChange={setChainKey}
      />
      {mapped.isError && (
        <Text size="xs" c="red">
          {t('fio.errors.mappedFailed')}
        </Text>
      )}
      <TextInput
        label={t('fio.requests.form.amount')}
        value={amount}
        inputMode="decimal"
        onChange={(e) => setAmount(cleanRequestAmount(e.currentTarget.value))}
        rightSection={target ? <Text size="xs">{target.tokenCode}</Text> : undefined}
        rightSectionWidth={60}
        data-testid="fio-request-amount"
      />
      <MemoField
        label={t('fio.requests.form.memo')}
        value={memo}
        onChange={setMemo}
        testId="fio-request-memo"
      />
    </>
  );

  return {
    fields,
    ok,
    handle,
    action: () => ({
      kind: 'requestFunds',
      handle: handle?.handle ?? '',
      payerHandle: payer.state === 'registered' ? payer.handle : '',
      payerKey: payer.state === 'registered' ? payer.key : '',
      content: {
        payeePublicAddress: target?.publicAddress ?? '',
        amount,
        chainCode: target?.chainCode ?? '',
        tokenCode: target?.tokenCode ?? '',
        memo,
      },
    }),
  };
}
