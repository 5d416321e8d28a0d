/**
 * The send pieces every single-address family (XRP, Stellar, TRON, Solana, FIO) wires the same way around the one
 * send flow: the account's descriptor and its state read fresh when the send opens, the transaction log's context of
 * a transfer, the amount field with Send all, and the send modal itself — the account's name as title, the review
 * rows from the adapter with the coin's fiat value, the explorer link after broadcast (none for a local chain).
 */
import { Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { filterAmountInput, type ChainSymbol } from '@secux-companion/core';
import type {
  AccountState,
  ExplorerLinks,
  ReviewRow as AdapterReviewRow,
  SimulationResult,
} from '@secux-companion/chain-common';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrice } from '../accounts/usePrice';
import { SendFlowModal } from '../send/SendFlowModal';
import { useRequestMode, useSendFields } from '../send/preset';
import type { ReviewRow } from '../send/types';
import { reviewTableRows } from '../send/reviewRows';
import type { SendFlow } from '../send/useSendFlow';
import type { CoinUnit } from '../family/types';
import { accountDescriptor, type SingleAddressAccount } from './plumbing';

/**
 * The send's account: its descriptor for the adapter, and its state (balance, reserve, resources …) read fresh when
 * the send opens, cached under `[queryKey, account.id]`.
 */
export function useSendAccount(
  adapter: { getAccountState(d: SendDescriptor): Promise<AccountState> },
  coin: ChainSymbol,
  account: Pick<SingleAddressAccount, 'id' | 'index' | 'path' | 'address'>,
  queryKey: string,
) {
  const descriptor = useMemo((): SendDescriptor => accountDescriptor(coin, account), [account, coin]);
  const state = useQuery({
    queryKey: [queryKey, account.id],
    queryFn: () => adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  return { descriptor, state };
}

export interface SendDescriptor {
  chain: ChainSymbol;
  index: number;
  bip: 44;
  path: string;
  address: string;
}

/**
 * A transfer form's recipient and amount text and its Send all (send/preset.ts useSendFields); `clear` is the flow's
 * Reset: it empties the three, except when paying a request (both then keep the request's values).
 */
export function useTransferFields() {
  const f = useSendFields();
  return {
    recipientText: f.recipientText,
    setRecipientText: f.setRecipientText,
    amountInput: f.amountText,
    setAmountInput: f.setAmountText,
    sendAll: f.sendAll,
    setSendAll: f.setSendAll,
    clear: f.reset,
  };
}

/** The transaction log's context of a transfer (server routes/txlog.ts): the kind, the account's path, the review's figures. */
export function transferLog(
  kind: string,
  account: { path: string },
  review: { recipient: string; amount: bigint; fee: bigint },
) {
  return {
    kind,
    from: account.path,
    to: review.recipient,
    amount: review.amount.toString(),
    fee: review.fee.toString(),
  };
}

/**
 * The amount in the coin (or token) with Send all under it; while Send all is on the field shows `allValue`. Paying a
 * request, or when the family says so (`disabled`: TRON's balance short of the recipient's creation fee), neither
 * can be changed (spec 01 §4 Send form behaviour).
 */
export function AmountField(props: {
  symbol: string;
  decimals: number;
  input: string;
  onInput: (value: string) => void;
  error: ReactNode;
  sendAll: boolean;
  onSendAll: (on: boolean) => void;
  /** What the field shows while Send all is on (the amount it sends, or a note that the fee comes off). */
  allValue: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { input, decimals, sendAll } = props;
  const fixed = useRequestMode() || !!props.disabled;
  return (
    <>
      <TextInput
        label={t('send.amount', { coin: props.symbol })}
        value={sendAll ? props.allValue : input}
        inputMode="decimal"
        disabled={sendAll || fixed}
        onChange={(e) => props.onInput(filterAmountInput(e.currentTarget.value, input, decimals))}
        error={props.error}
        data-testid="send-amount"
      />
      <Switch
        label={t('send.sendAll')}
        checked={sendAll}
        disabled={fixed}
        onChange={(e) => props.onSendAll(e.currentTarget.checked)}
        data-testid="send-all"
      />
    </>
  );
}

/**
 * The one send flow for an account of a single-address family: titled with the account's name, the review rows
 * from the adapter (the coin's amounts with their fiat value, then the family's `extraRows`), and the explorer link
 * after broadcast (none for a local chain).
 */
export function AccountSendModal<B>(props: {
  flow: SendFlow<B>;
  chain: {
    adapter: {
      reviewRows(built: B): AdapterReviewRow[];
      readonly explorer: ExplorerLinks;
      /** The chain's balance changes of the built transaction (shown on Verification). */
      simulate?(built: B): Promise<SimulationResult>;
    };
    unit: CoinUnit;
    local: boolean;
  };
  /** The coin whose price gives the fiat values. */
  coin: ChainSymbol;
  /** Display digits of the coin's amounts in the review. */
  digits: number;
  account: { name: string };
  details: ReactNode;
  canContinue: boolean;
  onContinue: () => void;
  extraRows?: (built: B) => ReviewRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { chain, extraRows } = props;
  const { price, currency } = usePrice(props.coin);
  return (
    <SendFlowModal
      flow={props.flow}
      title={t('send.title', { name: props.account.name })}
      testIds="send"
      details={props.details}
      canContinue={props.canContinue}
      onContinue={props.onContinue}
      reviewRows={(built) => [
        ...reviewTableRows(t, chain.adapter.reviewRows(built), {
          coin: { symbol: chain.unit.symbol, digits: props.digits },
          price,
          currencySymbol: currency.symbol,
          testIds: 'send',
        }),
        ...(extraRows?.(built) ?? []),
      ]}
      explorerUrl={(hash) => (chain.local ? undefined : chain.adapter.explorer.tx(hash))}
      {...(chain.adapter.simulate
        ? {
            simulate: (built: B) => chain.adapter.simulate!(built),
            coin: { symbol: chain.unit.symbol, decimals: chain.unit.decimals },
          }
        : {})}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  );
}
