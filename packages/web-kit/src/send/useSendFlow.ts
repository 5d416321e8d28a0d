/**
 * Runs the step flow (useStepFlow) for one family's send: build → the family's fee prompts in order → sign on the
 * device (with progress) → broadcast → Status. The family supplies what differs (its adapter's
 * build/sign/finalize/broadcast, its prompts); the flow is written once. A send adds to the step flow what a
 * broadcast means: a send started elsewhere (preset.ts) hears its hash, and a conflict raises the alert.
 */
import { useTranslation } from 'react-i18next';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { useSendPreset } from './preset';
import type { BroadcastOutcome } from './txFlow';
import { useStepFlow, type FeePromptCheck, type StepFlow, type StepFlowFamily } from './useStepFlow';

export type { FeePromptCheck } from './useStepFlow';

export interface SendFlowFamily<B> extends StepFlowFamily<B, SignedTransaction, BroadcastOutcome> {
  /** Fee prompts after a build, in the family's order; the last one is the fee-limit alert. */
  prompts: readonly FeePromptCheck<B>[];
}

/** A send always ends with a broadcast: the step flow without `finish`. */
export type SendFlow<B> = Omit<StepFlow<B, SignedTransaction, BroadcastOutcome>, 'finish'>;

export function useSendFlow<B>(family: SendFlowFamily<B>): SendFlow<B> {
  const { t } = useTranslation();
  // A send started elsewhere (preset.ts) hears the hash of its broadcast.
  const preset = useSendPreset();
  return useStepFlow<B, SignedTransaction, BroadcastOutcome>({
    ...family,
    onOutcome: (outcome) => {
      if (outcome.kind === 'success') preset?.onBroadcast?.(outcome.hash);
      if (outcome.kind === 'failed' && outcome.conflict) window.alert(t('errors.broadcastConflict'));
      family.onOutcome?.(outcome);
    },
  });
}
