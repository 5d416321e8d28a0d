import { Alert, Anchor, Button, CopyButton, Group, Loader, Modal, NativeSelect, SegmentedControl, Stack, Stepper, Switch, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_FEE_MODE,
  FEE_MODES,
  filterAmountInput,
  formatUnits,
  mapBroadcastError,
  mapSigningError,
  recipientIssue,
  stripScheme,
  validateAmount,
  type FeeMode,
} from '@secux-companion/core';
import { tierPrice, tiersInGwei, type EvmBuiltTransaction, type NftAsset, type TransferIntent } from '@secux-companion/chain-evm';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { EXTERNAL_LINK_PROPS } from '../lib/links';
import { currentDevice } from '../device/runtime';
import { postTxLog } from '../accounts/api';
import { errorText, issueText } from '../accounts/format';
import type { EvmChain } from '../chains/evm';
import { evmCoinText } from './format';
import { customFeeAboveEstimate, EvmFeePromptModal, feePromptFor, type EvmFeePrompt } from './feePrompt';
import type { EvmAccount } from './store';
import type { AccountToken } from './tokens';
import { BroadcastFailure } from '../accounts/send/BroadcastFailure';

/** What is sent: the coin, one of the enabled tokens (chosen in the form) or an NFT from the asset modal. */
export type SendAsset = { kind: 'coin' } | { kind: 'token'; contract: string } | { kind: 'nft'; asset: NftAsset };

type Step = 0 | 1 | 2 | 3;
type Result = { ok: true; hash: string } | { ok: false; messageKey: string; raw: string };

/** EVM send modal: Details (asset, recipient, amount, send-all, fee tier), Verification, Send, Status. */
export function EvmSendModal({
  account,
  chain,
  tokens,
  initial,
  onClose,
  onDone,
}: {
  account: EvmAccount;
  chain: EvmChain;
  tokens: readonly AccountToken[];
  initial: SendAsset;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [asset, setAsset] = useState<SendAsset>(initial);
  const [recipientText, setRecipientText] = useState('');
  const [amountText, setAmountText] = useState(initial.kind === 'nft' ? '1' : '');
  const [sendAll, setSendAll] = useState(false);
  const [mode, setMode] = useState<FeeMode>(DEFAULT_FEE_MODE);
  const [customText, setCustomText] = useState('');
  const [step, setStep] = useState<Step>(0);
  const [building, setBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const [built, setBuilt] = useState<EvmBuiltTransaction | null>(null);
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const [signed, setSigned] = useState<{ hash: string; raw: string } | null>(null);
  const [result, setResult] = useState<Result | 'loading' | null>(null);
  const [prompt, setPrompt] = useState<EvmFeePrompt | null>(null);
  const descriptor = useMemo(() => ({ chain: chain.spec.symbol, index: account.index, bip: 44 as const, path: account.path, address: account.address }), [account, chain]);

  const state = useQuery({
    queryKey: ['evm-send-state', account.id],
    queryFn: () => chain.adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  const fees = useQuery({ queryKey: ['evm-fees', chain.spec.chainId, chain.spec.symbol], queryFn: () => chain.adapter.getEvmFees(), staleTime: 15_000 });
  const gwei = fees.data ? tiersInGwei(fees.data) : null;

  const token = asset.kind === 'token' ? tokens.find((x) => x.contract.toLowerCase() === asset.contract.toLowerCase()) : undefined;
  const unit = asset.kind === 'coin' ? chain.spec.coin : asset.kind === 'token' ? (token?.symbol ?? '') : (asset.asset.name || asset.asset.collectionName);
  const decimals = asset.kind === 'coin' ? chain.spec.decimals : asset.kind === 'token' ? (token?.decimals ?? 0) : 0;
  const nftMax = asset.kind === 'nft' ? (asset.asset.schemaName === 'ERC1155' ? (asset.asset.balance ?? 1n) : 1n) : 0n;
  const available = asset.kind === 'coin' ? (state.data?.balance ?? 0n) : asset.kind === 'token' ? (token?.balance ?? 0n) : nftMax;

  const recipientStatus = recipientText.trim() === '' ? 'empty' : chain.adapter.validateAddress(recipientText.trim());
  const amount = sendAll && asset.kind !== 'nft' ? null : validateAmount(amountText, { decimals, balance: available, coin: unit });
  const customValid = mode !== 'Custom' || (/^\d+(\.\d{1,9})?$/.test(customText.trim()) && Number(customText) > 0);
  // Send-all: the amount is balance − fee − layer-1 fee (coin) or the whole token balance (the builder's answer).
  const sendAllPreview = useQuery({
    queryKey: ['evm-send-all', account.id, asset.kind === 'token' ? asset.contract : 'coin', mode, customText, recipientStatus === 'ok' ? recipientText.trim() : ''],
    queryFn: () =>
      chain.adapter.build(descriptor, {
        intent:
          asset.kind === 'token'
            ? { kind: 'token', to: recipientStatus === 'ok' ? recipientText.trim() : account.address, contract: asset.contract, amount: 0n }
            : { kind: 'coin', to: recipientStatus === 'ok' ? recipientText.trim() : account.address, amount: 0n },
        feeMode: mode,
        ...(mode === 'Custom' ? { customFeeGwei: customText.trim() } : {}),
        sendAll: true,
        ...(fees.data ? { fees: fees.data } : {}),
        ...(token ? { tokenBalance: token.balance } : {}),
      }),
    enabled: sendAll && asset.kind !== 'nft' && !!fees.data && customValid,
    retry: false,
  });

  const canContinue =
    recipientStatus === 'ok' && (sendAll ? !sendAllPreview.isError : !!amount?.ok) && !!fees.data && customValid && state.isSuccess && !building && (asset.kind !== 'token' || !!token);

  const intentOf = (): TransferIntent => {
    const to = recipientText.trim();
    const value = amount?.ok ? amount.value : 0n;
    if (asset.kind === 'coin') return { kind: 'coin', to, amount: value };
    if (asset.kind === 'token') return { kind: 'token', to, contract: asset.contract, amount: value };
    return { kind: 'nft', to, contract: asset.asset.contract, standard: asset.asset.schemaName, tokenId: asset.asset.tokenId, amount: value || 1n };
  };

  const reset = () => {
    setStep(0);
    setBuilt(null);
    setSigned(null);
    setResult(null);
    setPrompt(null);
  };

  const advanceAfterFeeAlert = async (b: EvmBuiltTransaction) => {
    const alert = await feePromptFor(chain.spec.symbol, b);
    if (alert) return setPrompt(alert);
    setBuilt(b);
    setStep(1);
  };

  const onPromptContinue = (p: EvmFeePrompt) => {
    setPrompt(null);
    if (p.kind === 'customFee') {
      setBuilding(true);
      void advanceAfterFeeAlert(p.built)
        .catch((e: unknown) => setBuildError(errorText(t, e)))
        .finally(() => setBuilding(false));
    }
    else if (p.kind === 'higher_fee') {
      setBuilt(p.built);
      setStep(1);
    }
  };

  const onPromptClose = (p: EvmFeePrompt) => {
    setPrompt(null);
    if (p.kind !== 'customFee') reset();
  };

  const onContinue = async () => {
    if (!canContinue) return;
    setBuilding(true);
    setBuildError(null);
    setSignError(null);
    try {
      const b = await chain.adapter.build(descriptor, {
        intent: intentOf(),
        feeMode: mode,
        ...(mode === 'Custom' ? { customFeeGwei: customText.trim() } : {}),
        ...(sendAll && asset.kind !== 'nft' ? { sendAll: true } : {}),
        ...(fees.data ? { fees: fees.data } : {}),
        ...(token ? { tokenBalance: token.balance } : {}),
      });
      if (b.details.feeTooHigh) window.alert(t('errors.err-28'));
      // A custom fee above the estimate (medium) asks for confirmation; then the fee-limit alerts (native coins).
      if (mode === 'Custom' && fees.data && customFeeAboveEstimate(tierPrice(b.details.tier), tierPrice(fees.data.tiers.medium)))
        return setPrompt({ kind: 'customFee', built: b });
      await advanceAfterFeeAlert(b);
    } catch (e) {
      setBuildError(errorText(t, e));
    } finally {
      setBuilding(false);
    }
  };

  const onSign = async () => {
    if (!built) return;
    setSigning(true);
    setSignError(null);
    try {
      const signature = await chain.adapter.sign(currentDevice(), built);
      setSigned(chain.adapter.finalize(built, signature));
      setStep(2);
    } catch (e) {
      const m = mapSigningError(e);
      if (m.kind === 'cancelled') {
        console.info('signing cancelled on the device');
        reset();
      } else {
        console.warn('signing failed', e);
        setSignError(m.kind === 'signature' ? t('errors.signatureError') : m.message);
        reset();
      }
    } finally {
      setSigning(false);
    }
  };

  const onBroadcast = async () => {
    if (!signed || !built) return;
    setStep(3);
    setResult('loading');
    const context = {
      kind: built.intent.kind,
      chainId: chain.spec.chainId,
      from: account.path,
      to: built.review.recipient,
      amount: built.review.amount.toString(),
      fee: built.review.fee.toString(),
      nonce: built.unsigned.nonce,
    };
    try {
      const hash = await chain.adapter.broadcast(signed);
      void postTxLog(hash, chain.spec.symbol, { ...context, result: 'state-010' });
      setResult({ ok: true, hash });
    } catch (e) {
      const raw = e instanceof Error ? e.message : String(e);
      const m = mapBroadcastError(raw);
      void postTxLog(signed.hash, chain.spec.symbol, { ...context, result: 'err-08', error: raw });
      setResult({ ok: false, messageKey: m.kind === 'conflict' ? 'broadcastConflict' : 'err-08', raw });
    }
  };

  const close = () => (step === 3 && result !== 'loading' && result !== null ? onDone() : onClose());
  const assetAmount = (v: bigint) => (asset.kind === 'coin' ? evmCoinText(v, chain) : `${formatUnits(v, decimals, { maxDigits: 8 })} ${unit}`);
  const explorerTx = (hash: string) => (chain.local ? undefined : chain.adapter.explorer.tx(hash));

  return (
    <Modal opened onClose={close} size={size} title={t('send.title', { name: account.name })} closeOnClickOutside={false}>
      <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t('send.steps.details')} />
        <Stepper.Step label={t('send.steps.verification')} />
        <Stepper.Step label={t('send.steps.send')} />
        <Stepper.Step label={t('send.steps.status')} />
      </Stepper>

      {step === 0 && (
        <Stack>
          {asset.kind !== 'nft' && tokens.length > 0 && (
            <NativeSelect
              label={t('evm.asset')}
              value={asset.kind === 'coin' ? '' : asset.contract}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setAsset(v ? { kind: 'token', contract: v } : { kind: 'coin' });
                setAmountText('');
                setSendAll(false);
              }}
              data={[{ value: '', label: chain.spec.coin }, ...tokens.map((x) => ({ value: x.contract, label: x.symbol }))]}
              data-testid="send-asset"
            />
          )}
          {asset.kind === 'nft' && (
            <Text fw={600} data-testid="send-nft">
              {`${asset.asset.collectionName} #${asset.asset.tokenId.toString()}`}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="send-available">
            {t('send.available', { amount: asset.kind === 'nft' ? available.toString() : assetAmount(available) })}
          </Text>
          <TextInput
            label={t('send.recipient')}
            value={recipientText}
            onChange={(e) => setRecipientText(e.currentTarget.value)}
            onPaste={(e) => {
              e.preventDefault();
              setRecipientText(stripScheme(e.clipboardData.getData('text')).trim());
            }}
            error={recipientIssue(recipientStatus) ? issueText(t, recipientIssue(recipientStatus)!) : undefined}
            autoComplete="off"
            spellCheck={false}
            data-testid="send-recipient"
          />
          {(asset.kind !== 'nft' || asset.asset.schemaName === 'ERC1155') && (
            <TextInput
              label={t('send.amount', { coin: unit })}
              value={sendAll ? (sendAllPreview.data ? formatUnits(sendAllPreview.data.review.amount, decimals) : '') : amountText}
              inputMode="decimal"
              disabled={sendAll}
              onChange={(e) => setAmountText(filterAmountInput(e.currentTarget.value, amountText, decimals))}
              error={!sendAll && amountText !== '' && amount && !amount.ok ? issueText(t, amount.issue) : undefined}
              data-testid="send-amount"
            />
          )}
          {asset.kind !== 'nft' && (
            <Switch label={t('send.sendAll')} checked={sendAll} onChange={(e) => setSendAll(e.currentTarget.checked)} data-testid="send-all" />
          )}
          {sendAll && sendAllPreview.isError && (
            <Text c="red" size="sm" role="alert" data-testid="send-all-error">
              {errorText(t, sendAllPreview.error)}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="fee-mode-label">
              {t('send.feeMode')}
            </Text>
            <SegmentedControl
              aria-labelledby="fee-mode-label"
              value={mode}
              onChange={(v) => setMode(v as FeeMode)}
              data={FEE_MODES.map((m) => ({
                value: m,
                label: m === 'Custom' || !gwei ? t(`send.fee.${m}`) : `${t(`send.fee.${m}`)} · ${gwei[m]} Gwei`,
              }))}
              data-testid="send-fee-mode"
            />
            {mode === 'Custom' && (
              <TextInput label={t('evm.customGwei')} value={customText} inputMode="decimal" onChange={(e) => setCustomText(e.currentTarget.value)} data-testid="send-custom-fee" />
            )}
            {fees.isError && (
              <Text c="red" size="sm" role="alert">
                {errorText(t, fees.error)}
              </Text>
            )}
          </Stack>
          {(buildError || signError) && (
            <Alert color="red" role="alert" data-testid="send-error">
              {buildError ?? signError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void onContinue()} disabled={!canContinue} loading={building} data-testid="send-continue">
              {t('send.continue')}
            </Button>
          </Group>
        </Stack>
      )}

      {step >= 1 && step <= 2 && built && (
        <Stack>
          <Table data-testid="send-review">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('send.recipient')}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }} data-testid="review-recipient">
                  {built.review.recipient}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('send.amountLabel')}</Table.Th>
                <Table.Td data-testid="review-amount">{asset.kind === 'nft' ? `${built.review.amount.toString()} × ${unit}` : assetAmount(built.review.amount)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('send.networkFee')}</Table.Th>
                <Table.Td data-testid="review-fee">{`${evmCoinText(built.review.fee, chain)} · ${built.review.feeRate ?? 0} Gwei`}</Table.Td>
              </Table.Tr>
              {built.details.l1Fee > 0n && (
                <Table.Tr>
                  <Table.Th>{t('evm.l1Fee')}</Table.Th>
                  <Table.Td>{evmCoinText(built.details.l1Fee, chain)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>{t('send.total')}</Table.Th>
                <Table.Td data-testid="review-total">{evmCoinText(built.review.total, chain)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {step === 1 && (
            <>
              <Text role="status" aria-live="polite" data-testid="send-sign-progress">
                {signing ? t('send.confirmOnDevice') : ''}
              </Text>
              <Group justify="space-between">
                <Button variant="default" onClick={reset} disabled={signing}>
                  {t('send.back')}
                </Button>
                <Button onClick={() => void onSign()} loading={signing} data-testid="send-sign">
                  {t('send.sign')}
                </Button>
              </Group>
            </>
          )}
          {step === 2 && (
            <>
              <Text>{t('send.finalCheck')}</Text>
              <Group justify="space-between">
                <Button variant="default" onClick={reset}>
                  {t('common.cancel')}
                </Button>
                <Button onClick={() => void onBroadcast()} data-testid="send-broadcast">
                  {t('send.broadcast')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}

      {step === 3 && (
        <Stack aria-live="polite" data-testid="send-status">
          {result === 'loading' && <Loader aria-label={t('send.broadcasting')} />}
          {result && result !== 'loading' && result.ok && (
            <Stack data-testid="send-success">
              <Text c="teal">{t('errors.state-010')}</Text>
              <Group wrap="nowrap">
                <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="send-txid">
                  {result.hash}
                </Text>
                <CopyButton value={result.hash}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('common.copied') : t('common.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              {explorerTx(result.hash) && (
                <Anchor href={explorerTx(result.hash)} {...EXTERNAL_LINK_PROPS}>
                  {t('send.viewExplorer')}
                </Anchor>
              )}
            </Stack>
          )}
          {result && result !== 'loading' && !result.ok && (
            <BroadcastFailure messageKey={result.messageKey} raw={result.raw} testId="send-failed" />
          )}
          <Group justify="flex-end">
            <Button onClick={close} disabled={result === 'loading'} data-testid="send-done">
              {t('send.done')}
            </Button>
          </Group>
        </Stack>
      )}

      {prompt && <EvmFeePromptModal prompt={prompt} onContinue={onPromptContinue} onClose={onPromptClose} />}
    </Modal>
  );
}
