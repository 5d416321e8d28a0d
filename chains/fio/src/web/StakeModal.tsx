/**
 * Stake and unstake FIO (spec 03 §2 Staking, §4, §5): four steps — form, signature, confirmation, status — the way
 * chosen by the title ('Stake Process' stakes, any other title unstakes).
 * - Form: the available and staked balances, the 7-day APR of the staking service (2 decimals), the amount (not
 *   above the available balance when staking or the staked balance when unstaking, no leading 0, no trailing
 *   non-digit: 'Insufficient Balance' …), the fee from /get_fee (a bundled transaction of the handle when it has
 *   some), and for unstaking the 7-day lock with its unlock date.
 * - Signature prepares the stake: each action is built and signed on the device (the device shows only a digest,
 *   shown here to compare). FIO refuses a stake from an account that neither votes nor proxies, so such an account
 *   first proxies its vote to the default proxy, as FIO's own tools do — the form says so and the proxy vote has its
 *   own signature text. A failure resets the step to the form (a cancel on the device silently).
 * - Confirmation shows what was signed; Broadcast pushes it in order.
 * - Status: a spinner while pending, then the stake details (transaction id with copy, explorer link, the unlock
 *   date of unstaked FIO) or the failure. Close returns to the account, which reads its balances again.
 * The steps run on the one step flow (send/useStepFlow): the order is signed on reaching the signature step.
 */
import { Modal, Stepper } from '@mantine/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { isFinished } from '@secux-companion/web-kit/send/sendFlow';
import { useStepFlow } from '@secux-companion/web-kit/send/useStepFlow';
import type { FioChain } from './chain';
import { deviceFailure } from './domain/model';
import type { FioAccount } from './rules';
import { stakeModeOf, type StakeTitle } from './stake';
import { pushSigned, signOrder, type Signed, type StakeResult } from './stakeFlow';
import { StakeFormStep } from './StakeFormStep';
import { StakeReview, StakeSigning, StakeStatus } from './StakeSteps';
import { useStakeForm, type StakeOrder } from './useStakeForm';

export { stakingKey } from './useStakeForm';

/** The order on the step flow: built at Next, signed action by action at once, pushed on Broadcast. */
function useStakeFlow(chain: FioChain, descriptor: AccountDescriptor) {
  const { t } = useTranslation();
  const names = chain.adapter.names;
  // The digest the device shows for the action being signed.
  const [digest, setDigest] = useState<string | null>(null);
  const flow = useStepFlow<StakeOrder, Signed[], StakeResult>({
    signOnVerify: true,
    signatures: (order) => order.plan.length,
    sign: (order, onProgress) =>
      signOrder(names, descriptor, order, (index, shown) => {
        if (shown === null) onProgress(index, order.plan.length);
        setDigest(shown);
      }),
    describeSigningError: (e) => {
      const f = deviceFailure(e);
      return f.cancelled ? '' : f.key ? t(f.key) : f.message || errorText(t, e);
    },
    broadcast: (signed) => pushSigned(names, chain.coin, signed, (e) => errorText(t, e)),
  });
  return { flow, digest };
}

export function StakeModal({
  chain,
  account,
  descriptor,
  title,
  handles,
  onClose,
  onDone,
}: {
  chain: FioChain;
  account: FioAccount;
  /** The account as the adapter reads it (the family's descriptor). */
  descriptor: AccountDescriptor;
  title: StakeTitle;
  /** The account's crypto handles (their bundled transactions pay the fees). */
  handles: readonly { handle: string; bundled: number }[];
  onClose: () => void;
  /** Close from Status: back to the account, which reads its balances again. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const mode = stakeModeOf(title);
  const form = useStakeForm(chain, account, descriptor, mode, handles);
  const { flow, digest } = useStakeFlow(chain, descriptor);
  const { state } = flow;
  const order = state.built;

  const next = () => {
    const o = form.order();
    if (o) void flow.start(async () => o);
  };

  return (
    <Modal
      opened
      onClose={isFinished(state) ? onDone : onClose}
      size={size}
      title={t(mode === 'stake' ? 'fio.stake.titleStake' : 'fio.stake.titleUnstake')}
      data-testid="fio-stake-modal"
    >
      <Stepper active={state.step} size="xs" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t('fio.stake.steps.form')} />
        <Stepper.Step label={t('fio.stake.steps.signature')} />
        <Stepper.Step label={t('fio.stake.steps.confirmation')} />
        <Stepper.Step label={t('fio.stake.steps.status')} />
      </Stepper>
      {state.step === 0 && (
        <StakeFormStep chain={chain} form={form} failure={state.error} onNext={next} onClose={onClose} />
      )}
      {state.step === 1 && (
        <StakeSigning
          chain={chain}
          mode={mode}
          order={order}
          kind={state.signing ? order?.plan[state.signing.current] : undefined}
          digest={digest}
        />
      )}
      {state.step === 2 && order && state.signed && (
        <StakeReview
          chain={chain}
          mode={mode}
          accountName={account.name}
          order={order}
          signed={state.signed}
          onBack={flow.reset}
          onBroadcast={() => void flow.broadcast()}
        />
      )}
      {state.step === 3 && order && state.result && (
        <StakeStatus chain={chain} mode={mode} order={order} result={state.result} onDone={onDone} />
      )}
    </Modal>
  );
}
