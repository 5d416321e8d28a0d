/**
 * The Solana send in the one send flow: SOL or a held SPL / Token-2022 token, recipient, amount, send-all (SOL:
 * balance − fee; a token: its whole balance, the fee and any token-account rent paid in SOL). The review shows the
 * fee, the rent of a token account the send creates, a Token-2022 transfer fee and what the recipient gets. The
 * memo (MemoTagField, plain text ≤ 256 bytes) is optional, and required with its reason when the recipient's token
 * account requires incoming memos (Token-2022 MemoTransfer); it shows in the review. The
 * blockhash is fetched right before the device signs and a countdown shows its life on the signing and send steps;
 * when it expires before broadcast the transaction is rebuilt on a fresh blockhash and the device asked again — a
 * dead transaction is never broadcast.
 */
import { Affix, Alert, Paper, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, formatUnits, parseUnits, recipientIssue } from '@secux-companion/core';
import type { SignedTransaction } from '@secux-companion/chain-common';
import type { SolanaBlockhash, SolanaBuilt } from '@secux-companion/chain-solana';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountText, errorText, issueText, tokenAmountText } from '@secux-companion/web-kit/lib/format';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import {
  EMPTY_MEMO_TAG,
  MemoTagField,
  memoTagCheck,
  useMemoTagFirmware,
  type MemoTagValue,
} from '@secux-companion/web-kit/send/MemoTagField';
import { useRequestMode } from '@secux-companion/web-kit/send/preset';
import { RecipientField } from '@secux-companion/web-kit/send/RecipientField';
import { broadcastWith, feeLimitPrompt } from '@secux-companion/web-kit/send/txFlow';
import { useSendFlow } from '@secux-companion/web-kit/send/useSendFlow';
import {
  AccountSendModal,
  AmountField,
  transferLog,
  useSendAccount,
  useTransferFields,
} from '@secux-companion/web-kit/singleAddress/send';
import type { SendProps } from '@secux-companion/web-kit/family/types';
import type { SolanaChain } from './chain';
import {
  blockhashSecondsLeft,
  SOLANA_MEMO_KIND,
  solanaErrorText,
  solanaMemoRule,
  type SolanaAccount,
} from './rules';
import { useSolanaTokens } from './TokensTab';

/** How many times the device is asked again for one send when blockhashes keep expiring. */
const MAX_SIGN_ATTEMPTS = 3;

export function SolanaSendModal({
  chain,
  account,
  initial,
  onClose,
  onDone,
}: SendProps<SolanaChain, SolanaAccount>) {
  const { t } = useTranslation();
  const { adapter } = chain;
  const [asset, setAsset] = useState<string>(typeof initial === 'string' ? initial : 'SOL');
  const { recipientText, setRecipientText, amountInput, setAmountInput, sendAll, setSendAll, clear } =
    useTransferFields();
  const requestMode = useRequestMode();
  const [blockhash, setBlockhash] = useState<SolanaBlockhash | null>(null);
  const [expiredOnce, setExpiredOnce] = useState(false);
  const [memo, setMemo] = useState<MemoTagValue>(EMPTY_MEMO_TAG);
  const firmwareOk = useMemoTagFirmware();
  const { descriptor, state } = useSendAccount(adapter, 'SOL', account, 'sol-send-state');
  const tokens = useSolanaTokens(chain, account);
  const token = asset === 'SOL' ? null : (tokens.data?.find((x) => x.contract === asset) ?? null);

  const decimals = token ? token.decimals : CHAINS.SOL.decimals;
  const symbol = token ? token.symbol : 'SOL';
  const balance = token ? token.balance : (state.data?.balance ?? 0n);
  const to = recipientText.trim();
  const recipientStatus = to === '' ? 'empty' : adapter.validateAddress(to);
  const recipientError = recipientIssue(recipientStatus);
  const self = recipientStatus === 'ok' && to === account.address;

  // A token send to a token account that requires incoming memos (Token-2022 MemoTransfer) must carry one.
  const memoNeed = useQuery({
    queryKey: ['sol-memo-required', to, token?.contract ?? 'SOL'],
    queryFn: () => adapter.memoRequired(to, token!.contract),
    enabled: recipientStatus === 'ok' && !self && !!token,
    staleTime: 30_000,
  });
  const memoRequired = !!token && recipientStatus === 'ok' && memoNeed.data === true;
  const memoRequirement = memoRequired ? { reason: t('solana.send.memoRequiredReason') } : null;
  const memoCheck = memoTagCheck(t, {
    coin: 'SOL',
    kind: SOLANA_MEMO_KIND,
    value: memo,
    required: memoRequirement,
    validate: solanaMemoRule,
    firmwareOk,
  });

  let amount: bigint | null = null;
  let amountError: string | undefined;
  if (!sendAll && amountInput !== '') {
    try {
      amount = parseUnits(amountInput, decimals);
      if (amount <= 0n) amountError = t('errors.invalidAmount');
      else if (amount > balance) amountError = t(token ? 'errors.err-31' : 'errors.err-02');
    } catch {
      amountError = t('errors.err-34');
    }
  }

  // The latest signed transaction's blockhash, polled for the countdown while signing or before broadcast.
  const status = useQuery({
    queryKey: ['sol-blockhash', blockhash?.blockhash],
    queryFn: () => adapter.blockhashStatus(blockhash!.blockhash),
    enabled: !!blockhash,
    refetchInterval: 2000,
    staleTime: 0,
  });
  const [now, setNow] = useState(() => Date.now());
  const polledAt = useRef(Date.now());
  useEffect(() => {
    polledAt.current = Date.now();
  }, [status.data]);
  useEffect(() => {
    if (!blockhash) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [blockhash]);
  const height = status.data?.blockHeight ?? blockhash?.blockHeight ?? 0;
  const secondsLeft = blockhash
    ? Math.max(
        0,
        blockhashSecondsLeft(blockhash.lastValidBlockHeight, height) -
          Math.floor((now - polledAt.current) / 1000),
      )
    : 0;

  /** Device signature on a fresh blockhash; asked again when it expired while the user confirmed. */
  const signFresh = async (
    built: SolanaBuilt,
    onProgress: (c: number, n: number) => void,
  ): Promise<SignedTransaction> => {
    for (let attempt = 1; ; attempt++) {
      const sig = await adapter.sign(currentDevice(), built, { onProgress, onBlockhash: setBlockhash });
      const valid = await adapter.blockhashStatus(sig.blockhash.blockhash);
      if (valid.valid) return adapter.finalize(built, sig);
      setExpiredOnce(true);
      if (attempt >= MAX_SIGN_ATTEMPTS) throw new Error(t('solana.errors.blockhashExpired'));
    }
  };

  const flow = useSendFlow<SolanaBuilt>({
    sign: (built, onProgress) => signFresh(built, onProgress),
    broadcast: async (tx, built) => {
      let signed = tx;
      // Never broadcast a dead transaction: rebuilt on a fresh blockhash and signed again first.
      const hash = blockhash?.blockhash;
      if (hash && !(await adapter.blockhashStatus(hash)).valid) {
        setExpiredOnce(true);
        signed = await signFresh(built, () => undefined);
      }
      return broadcastWith(adapter, 'SOL', signed, {
        ...transferLog(built.unsigned.token ? 'token' : 'payment', account, built.review),
        ...(built.unsigned.token ? { contract: built.unsigned.token.mint } : {}),
      });
    },
    prompts: [(built) => feeLimitPrompt('SOL', built.review.fee)],
    onReset: () => {
      clear();
      setBlockhash(null);
      setExpiredOnce(false);
      setMemo(EMPTY_MEMO_TAG);
    },
    describeError: (e) => solanaErrorText(t, e) ?? errorText(t, e),
  });

  const canContinue =
    recipientStatus === 'ok' &&
    !self &&
    state.isSuccess &&
    (!token || memoNeed.isSuccess) &&
    memoCheck.ok &&
    (sendAll ? balance > 0n : amount !== null && !amountError);

  const onContinue = () =>
    void flow.start(() =>
      adapter.build(descriptor, {
        recipient: to,
        amount: amount ?? 0n,
        ...(sendAll ? { sendAll: true } : {}),
        ...(token ? { token: token.contract } : {}),
        ...(memoCheck.memo ? { memo: { type: 'text' as const, value: memoCheck.memo.text } } : {}),
      }),
    );

  const signingStep = flow.state.step === 1 || flow.state.step === 2;
  const assets = [
    { value: 'SOL', label: 'SOL' },
    ...(tokens.data ?? [])
      .filter((x) => !x.nonTransferable && x.balance > 0n)
      .map((x) => ({ value: x.contract, label: `${x.symbol} (${x.standard})` })),
  ];

  const details = (
    <>
      <Select
        label={t('solana.send.asset')}
        data={assets}
        value={asset}
        allowDeselect={false}
        // Paying a request, the asset is the request's.
        disabled={requestMode}
        onChange={(v) => {
          setAsset(v ?? 'SOL');
          setAmountInput('');
          setSendAll(false);
        }}
        data-testid="sol-send-asset"
      />
      <Text size="sm" c="dimmed" data-testid="send-available">
        {t('solana.send.available', {
          amount: token ? tokenAmountText(balance, token) : amountText(balance, chain.unit),
        })}
      </Text>
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        error={recipientError ? issueText(t, recipientError) : self ? t('solana.send.self') : undefined}
        resolvedFrom={null}
        resolving={false}
      />
      <AmountField
        symbol={symbol}
        decimals={decimals}
        input={amountInput}
        onInput={setAmountInput}
        error={amountError}
        sendAll={sendAll}
        onSendAll={setSendAll}
        allValue={token ? formatUnits(balance, decimals) : t('solana.send.allLessFee')}
      />
      <MemoTagField
        coin="SOL"
        kind={SOLANA_MEMO_KIND}
        value={memo}
        onChange={setMemo}
        required={memoRequirement}
        validate={solanaMemoRule}
        firmwareOk={firmwareOk}
      />
      {memoNeed.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, memoNeed.error)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {token ? t('solana.send.tokenFeeNote') : t('solana.send.feeNote')}
      </Text>
      {state.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, state.error)}
        </Text>
      )}
    </>
  );

  return (
    <>
      <AccountSendModal
        flow={flow}
        chain={chain}
        coin="SOL"
        digits={CHAINS.SOL.decimals}
        account={account}
        details={details}
        canContinue={canContinue}
        onContinue={onContinue}
        onClose={onClose}
        onDone={onDone}
      />
      {signingStep && blockhash && (
        <Affix position={{ bottom: 16, left: 16 }} zIndex={1000}>
          <Paper shadow="md" p="sm" withBorder aria-live="polite" data-testid="sol-blockhash-countdown">
            <Text size="sm">
              {secondsLeft > 0 && status.data?.valid !== false
                ? t('solana.send.countdown', { seconds: secondsLeft })
                : t('solana.send.expired')}
            </Text>
            {expiredOnce && (
              <Alert color="yellow" mt="xs" p="xs" data-testid="sol-blockhash-resign">
                {t('solana.send.resign')}
              </Alert>
            )}
          </Paper>
        </Affix>
      )}
    </>
  );
}
