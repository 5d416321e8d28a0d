/**
 * The EVM family's send: its Details fields (asset: coin, ERC-20, ERC-721/1155; recipient, amount, send-all,
 * fee tiers in Gwei with a custom gas price, none on hidden-fee chains) and review rows in the one send
 * flow (send/useSendFlow + send/SendFlowModal).
 */
import { NativeSelect, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_FEE_MODE,
  canContinueSendDetails,
  filterAmountInput,
  formatRate,
  formatUnits,
  isFeeIntegerOnly,
  recipientIssue,
  validateAmount,
  validateFeeInput,
  type FeeMode,
} from '@secux-companion/core';
import {
  tierPrice,
  type EvmBuiltTransaction,
  type NftAsset,
  type TransferIntent,
} from '@secux-companion/chain-evm';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvmChain } from '../chains';
import {
  amountText as unitAmount,
  errorText,
  issueText,
  tokenAmountText,
  uiLanguage,
} from '@secux-companion/web-kit/lib/format';
import { usePrice } from '@secux-companion/web-kit/accounts/usePrice';
import { domainRecipient } from '@secux-companion/web-kit/send/domainResolve';
import { RecipientField } from '@secux-companion/web-kit/send/RecipientField';
import { useDomainEntry } from '@secux-companion/web-kit/send/useDomainEntry';
import { FeeModeControl } from '@secux-companion/web-kit/send/SendSteps';
import { useFeeModeChange } from '@secux-companion/web-kit/send/useFeeModeChange';
import { SendFlowModal } from '@secux-companion/web-kit/send/SendFlowModal';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import { reviewTableRows } from '@secux-companion/web-kit/send/reviewRows';
import { evmSendPrompts, evmSigning } from './evmFlow';
import { useSendFields } from '@secux-companion/web-kit/send/preset';

/** What is sent: the coin, one of the enabled tokens (chosen in the form) or an NFT from the asset modal. */
export type SendAsset =
  { kind: 'coin' } | { kind: 'token'; contract: string } | { kind: 'nft'; asset: NftAsset };

/** What the EVM send needs of an account. */
export interface EvmSendAccount {
  id: string;
  name: string;
  index: number;
  /** Bare account path m/44'/60'/{index}'. */
  path: string;
  address: string;
}

/** An enabled token of the account (the asset selector). */
export interface EvmSendToken {
  contract: string;
  symbol: string;
  decimals: number;
  balance: bigint;
}

/** EVM send modal: Details (asset, recipient, amount, send-all, fee tier), Verification, Send, Status. */
export function EvmSendModal({
  account,
  chain,
  tokens,
  initial = { kind: 'coin' },
  onClose,
  onDone,
}: {
  account: EvmSendAccount;
  chain: EvmChain;
  tokens: readonly EvmSendToken[];
  /** Where the send starts (a token, an NFT); the coin by default. */
  initial?: SendAsset;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const symbol = chain.spec.symbol;
  const initialAmount = initial.kind === 'nft' ? '1' : '';
  const [asset, setAsset] = useState<SendAsset>(initial);
  // Paying a request, the form starts with its recipient and amount, keeps them through Reset, and the amount (so
  // Send all and the asset) is fixed.
  const {
    requestMode,
    recipientText,
    setRecipientText,
    amountText,
    setAmountText,
    sendAll,
    setSendAll,
    reset,
  } = useSendFields(initialAmount);
  const [mode, setMode] = useState<FeeMode>(DEFAULT_FEE_MODE);
  const [customText, setCustomText] = useState('');
  const { price, currency } = usePrice(symbol);
  const descriptor = useMemo(
    () => ({
      chain: symbol,
      index: account.index,
      bip: 44 as const,
      path: account.path,
      address: account.address,
    }),
    [account, symbol],
  );

  const state = useQuery({
    queryKey: ['evm-send-state', account.id],
    queryFn: () => chain.adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  // The adapter's fee options (tiers in Gwei; `hidden`: no fee selector on BSC/TBSC) and, for the drafts,
  // the same tiers with their EIP-1559 / legacy details.
  const feeOptions = useQuery({
    queryKey: ['fee-options', chain.spec.chainId, symbol],
    queryFn: () => chain.adapter.getFees(),
    staleTime: 15_000,
  });
  const fees = useQuery({
    queryKey: ['evm-fees', chain.spec.chainId, symbol],
    queryFn: () => chain.adapter.getEvmFees(),
    staleTime: 15_000,
  });
  const hiddenFee = feeOptions.data?.hidden ?? true;
  // A tier chosen: the tiers (and their EIP-1559 details) are read again, 500 ms after the last change.
  const changeMode = useFeeModeChange(setMode, () => Promise.all([feeOptions.refetch(), fees.refetch()]));
  const feeMode: FeeMode = hiddenFee ? DEFAULT_FEE_MODE : mode;

  const flow = useSendFlow<EvmBuiltTransaction>({
    ...evmSigning(chain, account),
    prompts: evmSendPrompts(chain, () => ({ mode: feeMode, fees: fees.data })),
    // Reset clears the destination, amount and send-all unless paying a request (spec 01 §4 Send flow 7).
    onReset: reset,
  });

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
  const to = recipientText.trim();
  const recipientStatus =
    viaDomain.kind === 'domain' ? viaDomain.status : to === '' ? 'empty' : chain.adapter.validateAddress(to);
  const recipientError =
    viaDomain.kind === 'domain' && viaDomain.issue ? viaDomain.issue : recipientIssue(recipientStatus);
  const amount =
    sendAll && asset.kind !== 'nft'
      ? null
      : validateAmount(amountText, { decimals, balance: available, coin: unit });
  // A custom gas price in Gwei: an integer (err-22), not negative (err-27), above zero (core's rules).
  const custom =
    feeMode === 'Custom'
      ? validateFeeInput(customText, { integerOnly: isFeeIntegerOnly(symbol, true) })
      : null;
  const customGwei = custom?.ok ? customText.trim() : null;
  const tierWei = fees.data && feeMode !== 'Custom' ? tierPrice(fees.data.tiers[feeMode]) : null;
  const fee = feeMode === 'Custom' ? (custom?.ok ? custom.value : null) : tierWei;
  const feeValid = fee !== null;

  const draftOf = (intent: TransferIntent, all: boolean) => ({
    intent,
    feeMode,
    ...(customGwei !== null ? { customFeeGwei: customGwei } : {}),
    ...(all ? { sendAll: true } : {}),
    ...(fees.data ? { fees: fees.data } : {}),
    ...(token ? { tokenBalance: token.balance } : {}),
  });
  const intentOf = (recipient: string, value: bigint): TransferIntent => {
    if (asset.kind === 'coin') return { kind: 'coin', to: recipient, amount: value };
    if (asset.kind === 'token')
      return { kind: 'token', to: recipient, contract: asset.contract, amount: value };
    return {
      kind: 'nft',
      to: recipient,
      contract: asset.asset.contract,
      standard: asset.asset.schemaName,
      tokenId: asset.asset.tokenId,
      amount: value || 1n,
    };
  };

  // Send-all: the amount is balance − fee − layer-1 fee (coin) or the whole token balance (the builder's answer).
  const sendAllTo = recipientStatus === 'ok' ? to : account.address;
  const sendAllPreview = useQuery({
    queryKey: [
      'evm-send-all',
      account.id,
      asset.kind === 'token' ? asset.contract : 'coin',
      feeMode,
      customText,
      sendAllTo,
    ],
    queryFn: () => chain.adapter.build(descriptor, draftOf(intentOf(sendAllTo, 0n), true)),
    enabled: sendAll && asset.kind !== 'nft' && !!fees.data && feeValid,
    retry: false,
  });

  const canContinue =
    canContinueSendDetails({
      recipient: recipientStatus,
      feeMayBeZero: chain.adapter.capabilities?.feeMayBeZero,
      fee: fee === null ? 0 : fee.toString(),
      feeInputValid: feeValid,
      amountInvalid: sendAll && asset.kind !== 'nft' ? sendAllPreview.isError : !amount?.ok,
    }) &&
    !!fees.data &&
    state.isSuccess &&
    (asset.kind !== 'token' || !!token);

  const onContinue = () =>
    void flow.start(() =>
      chain.adapter.build(
        descriptor,
        draftOf(intentOf(to, amount?.ok ? amount.value : 0n), sendAll && asset.kind !== 'nft'),
      ),
    );

  const assetAmount = (v: bigint) =>
    asset.kind === 'coin' ? unitAmount(v, chain.unit) : tokenAmountText(v, { decimals, symbol: unit });
  const explorerTx = (hash: string) => (chain.local ? undefined : chain.adapter.explorer.tx(hash));

  const details = (
    <>
      {asset.kind !== 'nft' && tokens.length > 0 && (
        <NativeSelect
          label={t('evm.asset')}
          value={asset.kind === 'coin' ? '' : asset.contract}
          disabled={requestMode}
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
          disabled={sendAll || requestMode}
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
          disabled={requestMode}
          onChange={(e) => setSendAll(e.currentTarget.checked)}
          data-testid="send-all"
        />
      )}
      {sendAll && sendAllPreview.isError && (
        <Text c="red" size="sm" role="alert" data-testid="send-all-error">
          {errorText(t, sendAllPreview.error)}
        </Text>
      )}
      {!hiddenFee && (
        <FeeModeControl
          mode={mode}
          onChange={changeMode}
          tierText={(m) =>
            // Gwei of whole wei: 9 decimals are exact (no exponent for tiny rates)
            feeOptions.data ? `${formatRate(feeOptions.data.tiers[m].toFixed(9), uiLanguage())} Gwei` : null
          }
        >
          {mode === 'Custom' && (
            <TextInput
              label={t('evm.customGwei')}
              value={customText}
              inputMode="numeric"
              onChange={(e) => setCustomText(e.currentTarget.value)}
              error={custom && !custom.ok && customText !== '' ? issueText(t, custom.issue) : undefined}
              data-testid="send-custom-fee"
            />
          )}
        </FeeModeControl>
      )}
      {(fees.isError || feeOptions.isError) && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, fees.error ?? feeOptions.error)}
        </Text>
      )}
    </>
  );

  // The chain's balance changes of what was built (eth_simulateV1), on the review.
  const simulateBuilt = (built: EvmBuiltTransaction) => chain.adapter.simulate!(built);

  return (
    <SendFlowModal
      flow={flow}
      title={t('send.title', { name: account.name })}
      testIds="send"
      details={details}
      canContinue={canContinue}
      onContinue={onContinue}
      reviewRows={(built) =>
        reviewTableRows(t, chain.adapter.reviewRows(built), {
          coin: { symbol: chain.unit.symbol, digits: chain.unit.digits },
          price,
          currencySymbol: currency.symbol,
          testIds: 'send',
        })
      }
      explorerUrl={explorerTx}
      {...(chain.adapter.simulate
        ? { simulate: simulateBuilt, coin: { symbol: chain.unit.symbol, decimals: chain.unit.decimals } }
        : {})}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
