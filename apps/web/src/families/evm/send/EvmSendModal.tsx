import { Modal, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_FEE_MODE,
  filterAmountInput,
  formatUnits,
  recipientIssue,
  validateAmount,
  type FeeMode,
} from '@secux-companion/core';
import {
  tierPrice,
  tiersInGwei,
  type EvmBuiltTransaction,
  type NftAsset,
  type TransferIntent,
} from '@secux-companion/chain-evm';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { currentDevice } from '../device/runtime';
import { postTxLog } from '../accounts/api';
import { errorText, issueText } from '../accounts/format';
import type { EvmChain } from '../chains/evm';
import { evmCoinText } from './format';
import { customFeeAboveEstimate, nextEvmFeePrompt, stageAfter, type EvmFeeStage } from './feePrompt';
import type { EvmAccount } from './store';
import type { AccountToken } from './tokens';
import { runBroadcast, runSigning, type BroadcastOutcome } from '../accounts/send/txFlow';
import { domainRecipient } from '../accounts/send/domainResolve';
import { RecipientField } from '../accounts/send/RecipientField';
import { useDomainEntry } from '../accounts/send/useDomainEntry';
import {
  BroadcastActions,
  BroadcastStatus,
  DetailsFooter,
  FeeModeControl,
  FeePromptModal,
  ReviewTable,
  SendStepper,
  SignActions,
  type FeePrompt,
  type SendStep,
} from '../accounts/send/SendSteps';

/** What is sent: the coin, one of the enabled tokens (chosen in the form) or an NFT from the asset modal. */
export type SendAsset =
  { kind: 'coin' } | { kind: 'token'; contract: string } | { kind: 'nft'; asset: NftAsset };

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
  const [step, setStep] = useState<SendStep>(0);
  const [building, setBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const [built, setBuilt] = useState<EvmBuiltTransaction | null>(null);
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const [signed, setSigned] = useState<{ hash: string; raw: string } | null>(null);
  const [result, setResult] = useState<BroadcastOutcome | 'loading' | null>(null);
  const [prompt, setPrompt] = useState<{ prompt: FeePrompt; built: EvmBuiltTransaction } | null>(null);
  const descriptor = useMemo(
    () => ({
      chain: chain.spec.symbol,
      index: account.index,
      bip: 44 as const,
      path: account.path,
      address: account.address,
    }),
    [account, chain],
  );

  const state = useQuery({
    queryKey: ['evm-send-state', account.id],
    queryFn: () => chain.adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  const fees = useQuery({
    queryKey: ['evm-fees', chain.spec.chainId, chain.spec.symbol],
    queryFn: () => chain.adapter.getEvmFees(),
    staleTime: 15_000,
  });
  const gwei = fees.data ? tiersInGwei(fees.data) : null;

  const token =
    asset.kind === 'token'
      ? tokens.find((x) => x.contract.toLowerCase() === asset.contract.toLowerCase())
      : undefined;
  const unit =
    asset.kind === 'coin'
      ? chain.spec.coin
      : asset.kind === 'token'
        ? (token?.symbol ?? '')
        : asset.asset.name || asset.asset.collectionName;
  const decimals =
    asset.kind === 'coin' ? chain.spec.decimals : asset.kind === 'token' ? (token?.decimals ?? 0) : 0;
  const nftMax =
    asset.kind === 'nft' ? (asset.asset.schemaName === 'ERC1155' ? (asset.asset.balance ?? 1n) : 1n) : 0n;
  const available =
    asset.kind === 'coin'
      ? (state.data?.balance ?? 0n)
      : asset.kind === 'token'
        ? (token?.balance ?? 0n)
        : nftMax;

  // A domain resolves through the server and its address replaces the entry (spec 01 §4).
  const { lookup, resolvedFrom, resolving } = useDomainEntry(
    chain.spec.coin,
    recipientText,
    setRecipientText,
  );
  const viaDomain = domainRecipient(recipientText, lookup);
  const recipientStatus =
    viaDomain.kind === 'domain'
      ? viaDomain.status
      : recipientText.trim() === ''
        ? 'empty'
        : chain.adapter.validateAddress(recipientText.trim());
  const recipientError =
    viaDomain.kind === 'domain' && viaDomain.issue ? viaDomain.issue : recipientIssue(recipientStatus);
  const amount =
    sendAll && asset.kind !== 'nft'
      ? null
      : validateAmount(amountText, { decimals, balance: available, coin: unit });
  // A custom price in Gwei with at most 9 decimals (whole wei), above zero; checked as text, never as a float.
  const customValid =
    mode !== 'Custom' || (/^\d+(\.\d{1,9})?$/.test(customText.trim()) && /[1-9]/.test(customText));
  // Send-all: the amount is balance − fee − layer-1 fee (coin) or the whole token balance (the builder's answer).
  const sendAllPreview = useQuery({
    queryKey: [
      'evm-send-all',
      account.id,
      asset.kind === 'token' ? asset.contract : 'coin',
      mode,
      customText,
      recipientStatus === 'ok' ? recipientText.trim() : '',
    ],
    queryFn: () =>
      chain.adapter.build(descriptor, {
        intent:
          asset.kind === 'token'
            ? {
                kind: 'token',
                to: recipientStatus === 'ok' ? recipientText.trim() : account.address,
                contract: asset.contract,
                amount: 0n,
              }
            : {
                kind: 'coin',
                to: recipientStatus === 'ok' ? recipientText.trim() : account.address,
                amount: 0n,
              },
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
    recipientStatus === 'ok' &&
    (sendAll ? !sendAllPreview.isError : !!amount?.ok) &&
    !!fees.data &&
    customValid &&
    state.isSuccess &&
    !building &&
    (asset.kind !== 'token' || !!token);

  const intentOf = (): TransferIntent => {
    const to = recipientText.trim();
    const value = amount?.ok ? amount.value : 0n;
    if (asset.kind === 'coin') return { kind: 'coin', to, amount: value };
    if (asset.kind === 'token') return { kind: 'token', to, contract: asset.contract, amount: value };
    return {
      kind: 'nft',
      to,
      contract: asset.asset.contract,
      standard: asset.asset.schemaName,
      tokenId: asset.asset.tokenId,
      amount: value || 1n,
    };
  };

  const reset = () => {
    setStep(0);
    setBuilt(null);
    setSigned(null);
    setResult(null);
    setPrompt(null);
  };

  // The fee prompts in their order (feePrompt.ts); none left → Verification.
  const advance = async (b: EvmBuiltTransaction, from: EvmFeeStage) => {
    const above =
      mode === 'Custom' &&
      !!fees.data &&
      customFeeAboveEstimate(tierPrice(b.details.tier), tierPrice(fees.data.tiers.medium));
    const next = await nextEvmFeePrompt(chain.spec.symbol, b, from, above);
    if (next) return setPrompt({ prompt: next, built: b });
    setBuilt(b);
    setStep(1);
  };

  const onPromptContinue = () => {
    if (!prompt) return;
    setPrompt(null);
    const next = stageAfter(prompt.prompt.kind);
    if (next === 'verification') {
      setBuilt(prompt.built);
      setStep(1);
      return;
    }
    setBuilding(true);
    void advance(prompt.built, next)
      .catch((e: unknown) => setBuildError(errorText(t, e)))
      .finally(() => setBuilding(false));
  };

  // Closing a warning (fee too high, custom fee) returns to Details; closing a fee-limit alert resets.
  const onPromptClose = () => {
    const kind = prompt?.prompt.kind;
    setPrompt(null);
    if (kind === 'higher_fee' || kind === 'max_fee') reset();
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
      await advance(b, 'feeTooHigh');
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
    const outcome = await runSigning(async () =>
      chain.adapter.finalize(built, await chain.adapter.sign(currentDevice(), built)),
    );
    setSigning(false);
    if (outcome.kind === 'signed') {
      setSigned(outcome.tx);
      setStep(2);
      return;
    }
    if (outcome.kind === 'error')
      setSignError(outcome.messageKey ? t(`errors.${outcome.messageKey}`) : (outcome.message ?? ''));
    reset();
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
    const outcome = await runBroadcast(
      () => chain.adapter.broadcast(signed),
      signed.hash,
      (hash, o) => void postTxLog(hash, chain.spec.symbol, { ...context, ...o }),
    );
    setResult(outcome);
  };

  const close = () => (step === 3 && result !== 'loading' && result !== null ? onDone() : onClose());
  const assetAmount = (v: bigint) =>
    asset.kind === 'coin' ? evmCoinText(v, chain) : `${formatUnits(v, decimals, { maxDigits: 8 })} ${unit}`;
  const explorerTx = (hash: string) => (chain.local ? undefined : chain.adapter.explorer.tx(hash));

  return (
    <Modal
      opened
      onClose={close}
      size={size}
      title={t('send.title', { name: account.name })}
      closeOnClickOutside={false}
    >
      <SendStepper step={step} />

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
              data={[
                { value: '', label: chain.spec.coin },
                ...tokens.map((x) => ({ value: x.contract, label: x.symbol })),
              ]}
              data-testid="send-asset"
            />
          )}
          {asset.kind === 'nft' && (
            <Text fw={600} data-testid="send-nft">
              {`${asset.asset.collectionName} #${asset.asset.tokenId.toString()}`}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="send-available">
            {t('send.available', {
              amount: asset.kind === 'nft' ? available.toString() : assetAmount(available),
            })}
          </Text>
          <RecipientField
            value={recipientText}
            onChange={setRecipientText}
            error={recipientError ? issueText(t, recipientError) : undefined}
            resolvedFrom={resolvedFrom}
            resolving={resolving}
          />
          {(asset.kind !== 'nft' || asset.asset.schemaName === 'ERC1155') && (
            <TextInput
              label={t('send.amount', { coin: unit })}
              value={
                sendAll
                  ? sendAllPreview.data
                    ? formatUnits(sendAllPreview.data.review.amount, decimals)
                    : ''
                  : amountText
              }
              inputMode="decimal"
              disabled={sendAll}
              onChange={(e) => setAmountText(filterAmountInput(e.currentTarget.value, amountText, decimals))}
              error={
                !sendAll && amountText !== '' && amount && !amount.ok ? issueText(t, amount.issue) : undefined
              }
              data-testid="send-amount"
            />
          )}
          {asset.kind !== 'nft' && (
            <Switch
              label={t('send.sendAll')}
              checked={sendAll}
              onChange={(e) => setSendAll(e.currentTarget.checked)}
              data-testid="send-all"
            />
          )}
          {sendAll && sendAllPreview.isError && (
            <Text c="red" size="sm" role="alert" data-testid="send-all-error">
              {errorText(t, sendAllPreview.error)}
            </Text>
          )}
          <FeeModeControl mode={mode} onChange={setMode} tierText={(m) => (gwei ? `${gwei[m]} Gwei` : null)}>
            {mode === 'Custom' && (
              <TextInput
                label={t('evm.customGwei')}
                value={customText}
                inputMode="decimal"
                onChange={(e) => setCustomText(e.currentTarget.value)}
                data-testid="send-custom-fee"
              />
            )}
            {fees.isError && (
              <Text c="red" size="sm" role="alert">
                {errorText(t, fees.error)}
              </Text>
            )}
          </FeeModeControl>
          <DetailsFooter
            error={buildError ?? signError}
            onContinue={() => void onContinue()}
            canContinue={canContinue}
            building={building}
          />
        </Stack>
      )}

      {step >= 1 && step <= 2 && built && (
        <Stack>
          <ReviewTable
            testId="send-review"
            rows={[
              {
                label: t('send.recipient'),
                value: built.review.recipient,
                testId: 'review-recipient',
                breakAll: true,
              },
              {
                label: t('send.amountLabel'),
                value:
                  asset.kind === 'nft'
                    ? `${built.review.amount.toString()} × ${unit}`
                    : assetAmount(built.review.amount),
                testId: 'review-amount',
              },
              {
                label: t('send.networkFee'),
                value: `${evmCoinText(built.review.fee, chain)} · ${built.review.feeRate ?? 0} Gwei`,
                testId: 'review-fee',
              },
              built.details.l1Fee > 0n && {
                label: t('evm.l1Fee'),
                value: evmCoinText(built.details.l1Fee, chain),
              },
              {
                label: t('send.total'),
                value: evmCoinText(built.review.total, chain),
                testId: 'review-total',
              },
            ]}
          />
          {step === 1 && (
            <SignActions
              signing={signing}
              onSign={() => void onSign()}
              onBack={reset}
              signTestId="send-sign"
              progressTestId="send-sign-progress"
            />
          )}
          {step === 2 && (
            <BroadcastActions
              onBroadcast={() => void onBroadcast()}
              onCancel={reset}
              testId="send-broadcast"
            />
          )}
        </Stack>
      )}

      {step === 3 && (
        <BroadcastStatus result={result} explorerUrl={explorerTx} onDone={close} testIds="send" />
      )}

      {prompt && (
        <FeePromptModal prompt={prompt.prompt} onContinue={onPromptContinue} onClose={onPromptClose} />
      )}
    </Modal>
  );
}
