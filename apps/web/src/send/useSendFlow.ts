/**
 * Runs the send state machine (sendFlow.ts) for one family's send: build → the family's fee prompts in
 * order → sign on the device (with progress) → broadcast → Status. The family supplies what differs
 * (its adapter's build/sign/finalize/broadcast, its prompts); the flow is written once.
 */
import { useCallback, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { errorText } from '../lib/format';
import { initialSendFlow, promptCloseResets, sendFlowReducer, type SendFlowState } from './sendFlow';
import { useSendPreset } from './preset';
import type { FeePrompt } from './types';
import { runSigning, type BroadcastOutcome } from './txFlow';

/** One fee prompt stage: the prompt due for this transaction, or null to go on. */
export type FeePromptCheck<B> = (built: B) => FeePrompt | null | Promise<FeePrompt | null>;

export interface SendFlowFamily<B> {
  /** Device signature(s) of `built` and finalize, through the family's adapter (see txFlow's signWith). */
  sign(built: B, onProgress: (current: number, total: number) => void): Promise<SignedTransaction>;
  /** Broadcast and transaction log (see txFlow's broadcastWith). */
  broadcast(tx: SignedTransaction, built: B): Promise<BroadcastOutcome>;
  /** Signatures the device makes for `built` (the progress total); 1 when absent. */
  signatures?(built: B): number;
  /** Fee prompts after a build, in the family's order; the last one is the fee-limit alert. */
  prompts: readonly FeePromptCheck<B>[];
  /** Reset (Back, Cancel, a fee-limit alert closed, a device cancel) also clears the family's fields. */
  onReset?(): void;
  /**
   * Where a failure goes. Absent: a device cancel resets, a build or signing error shows on Details.
   * Given (speed-up): the flow calls it with the message (null for a device cancel) and the family closes.
   */
  onFailure?(message: string | null): void;
  /** Text of a build error (the catalogue's by default). */
  describeError?(e: unknown): string;
}

export interface SendFlow<B> {
  state: SendFlowState<B>;
  /** Continue from Details: build, then the fee prompts, then Verification. */
  start(build: () => Promise<B>): Promise<void>;
  sign(): Promise<void>;
  broadcast(): Promise<void>;
  reset(): void;
  promptContinue(): void;
  promptClose(): void;
}

export function useSendFlow<B>(family: SendFlowFamily<B>): SendFlow<B> {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(sendFlowReducer<B>, undefined, initialSendFlow<B>);
  // A send started elsewhere (preset.ts) hears the hash of its broadcast.
  const preset = useSendPreset();
  // The latest family, state and preset for the async steps (a render may happen while they wait).
  const ref = useRef({ family, state, preset });
  ref.current = { family, state, preset };

  const describe = useCallback(
    (e: unknown) => ref.current.family.describeError?.(e) ?? errorText(t, e),
    [t],
  );

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    ref.current.family.onReset?.();
  }, []);

  const fail = useCallback(
    (message: string | null, cancelled: boolean) => {
      const { onFailure } = ref.current.family;
      if (onFailure) {
        dispatch({ type: 'reset' });
        onFailure(message);
      } else if (cancelled) reset();
      else dispatch({ type: 'failed', error: message });
    },
    [reset],
  );

  /** From prompt stage `from` on: the first prompt due, or Verification. */
  const advance = useCallback(
    async (built: B, from: number) => {
      const { prompts } = ref.current.family;
      for (let stage = from; stage < prompts.length; stage++) {
        const prompt = await prompts[stage]!(built);
        if (prompt) return dispatch({ type: 'prompt', prompt, built, stage });
      }
      dispatch({ type: 'verify', built });
    },
    [],
  );

  const start = useCallback(
    async (build: () => Promise<B>) => {
      dispatch({ type: 'build' });
      try {
        await advance(await build(), 0);
      } catch (e) {
        console.warn('build failed', e);
        fail(describe(e), false);
      }
    },
    [advance, describe, fail],
  );

  const sign = useCallback(async () => {
    const { built } = ref.current.state;
    const { family: f } = ref.current;
    if (!built) return;
    dispatch({ type: 'signing', current: 0, total: f.signatures?.(built) ?? 1 });
    const outcome = await runSigning(() =>
      f.sign(built, (current, total) => dispatch({ type: 'signing', current, total })),
    );
    if (outcome.kind === 'signed') dispatch({ type: 'signed', tx: outcome.tx });
    else if (outcome.kind === 'cancelled') fail(null, true);
    else fail(outcome.messageKey ? t(`errors.${outcome.messageKey}`) : (outcome.message ?? ''), false);
  }, [fail, t]);

  const broadcast = useCallback(async () => {
    const { built, signed } = ref.current.state;
    if (!built || !signed) return;
    dispatch({ type: 'broadcasting' });
    const outcome = await ref.current.family.broadcast(signed, built);
    dispatch({ type: 'broadcast', outcome });
    if (outcome.kind === 'success') ref.current.preset?.onBroadcast?.(outcome.hash);
    if (outcome.kind === 'failed' && outcome.conflict) window.alert(t('errors.broadcastConflict'));
  }, [t]);

  const promptContinue = useCallback(() => {
    const p = ref.current.state.prompt;
    if (!p) return;
    dispatch({ type: 'build' });
    advance(p.built, p.stage + 1).catch((e: unknown) => fail(describe(e), false));
  }, [advance, describe, fail]);

  const promptClose = useCallback(() => {
    const p = ref.current.state.prompt;
    if (p && promptCloseResets(p.prompt)) reset();
    else dispatch({ type: 'promptClosed' });
  }, [reset]);

  return { state, start, sign, broadcast, reset, promptContinue, promptClose };
}
