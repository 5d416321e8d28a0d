/**
 * Runs the step state machine (sendFlow.ts): Details → build → the family's fee prompts in order → Verification →
 * sign on the device (with progress) → broadcast → Status. What is built (B), what the signature gives (S) and what
 * Status shows (O) are the caller's: a send (useSendFlow) signs a transaction and broadcasts it, FIO's name actions
 * and staking sign FIO actions and push them. The step order, back/reset, the device's failures and the Status are
 * written once, here.
 */
import { useCallback, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { errorText } from '../lib/format';
import { initialSendFlow, promptCloseResets, sendFlowReducer, type SendFlowState } from './sendFlow';
import type { FeePrompt } from './types';
import { runSigning, type BroadcastOutcome } from './txFlow';

/** One fee prompt stage: the prompt due for this transaction, or null to go on. */
export type FeePromptCheck<B> = (built: B) => FeePrompt | null | Promise<FeePrompt | null>;

export interface StepFlowFamily<B, S = SignedTransaction, O = BroadcastOutcome> {
  /** Device signature(s) of `built` (a send: and finalize, through the family's adapter; see txFlow's signWith). */
  sign(built: B, onProgress: (current: number, total: number) => void): Promise<S>;
  /** Broadcast what was signed (a send: and the transaction log; see txFlow's broadcastWith). */
  broadcast(tx: S, built: B): Promise<O>;
  /** Signatures the device makes for `built` (the progress total); 1 when absent. */
  signatures?(built: B): number;
  /** Fee prompts after a build, in the family's order; none when absent. */
  prompts?: readonly FeePromptCheck<B>[];
  /** Reset (Back, Cancel, a fee-limit alert closed, a device cancel) also clears the family's fields. */
  onReset?(): void;
  /**
   * Where a failure goes. Absent: a device cancel resets, a build or signing error shows on Details.
   * Given (speed-up): the flow calls it with the message (null for a device cancel) and the family closes.
   */
  onFailure?(message: string | null): void;
  /** Text of a build error (the catalogue's by default). */
  describeError?(e: unknown): string;
  /** Text of a signing error other than a cancel (the catalogue's device messages by default). */
  describeSigningError?(e: unknown): string;
  /** Verification is the signature itself: signing starts as soon as the flow gets there. */
  signOnVerify?: boolean;
  /** The broadcast follows the signature at once (no Send step to confirm). */
  broadcastOnSign?: boolean;
  /** Hears each broadcast's outcome once it is on Status. */
  onOutcome?(outcome: O): void;
}

export interface StepFlow<B, S = SignedTransaction, O = BroadcastOutcome> {
  state: SendFlowState<B, S, O>;
  /** Continue from Details: build, then the fee prompts, then Verification. */
  start(build: () => Promise<B>): Promise<void>;
  sign(): Promise<void>;
  broadcast(): Promise<void>;
  reset(): void;
  promptContinue(): void;
  promptClose(): void;
  /** Straight to Status with `outcome` (a failure before anything was signed). */
  finish(outcome: O): void;
}

export function useStepFlow<B, S = SignedTransaction, O = BroadcastOutcome>(
  family: StepFlowFamily<B, S, O>,
): StepFlow<B, S, O> {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(sendFlowReducer<B, S, O>, undefined, initialSendFlow<B, S, O>);
  // The latest family and state for the async steps (a render may happen while they wait).
  const ref = useRef({ family, state });
  ref.current = { family, state };

  const describe = useCallback((e: unknown) => ref.current.family.describeError?.(e) ?? errorText(t, e), [t]);

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

  const broadcastSigned = useCallback(async (tx: S, built: B) => {
    dispatch({ type: 'broadcasting' });
    const outcome = await ref.current.family.broadcast(tx, built);
    dispatch({ type: 'broadcast', outcome });
    ref.current.family.onOutcome?.(outcome);
  }, []);

  const signBuilt = useCallback(
    async (built: B) => {
      const { family: f } = ref.current;
      dispatch({ type: 'signing', current: 0, total: f.signatures?.(built) ?? 1 });
      let error: unknown;
      const outcome = await runSigning(() =>
        f
          .sign(built, (current, total) => dispatch({ type: 'signing', current, total }))
          .catch((e: unknown) => {
            error = e;
            throw e;
          }),
      );
      if (outcome.kind === 'cancelled') return fail(null, true);
      if (outcome.kind === 'error') {
        const text = f.describeSigningError
          ? f.describeSigningError(error)
          : outcome.messageKey
            ? t(`errors.${outcome.messageKey}`)
            : (outcome.message ?? '');
        return fail(text, false);
      }
      dispatch({ type: 'signed', tx: outcome.tx });
      if (f.broadcastOnSign) await broadcastSigned(outcome.tx, built);
    },
    [broadcastSigned, fail, t],
  );

  /** From prompt stage `from` on: the first prompt due (false), or Verification (true). */
  const advance = useCallback(async (built: B, from: number) => {
    const prompts = ref.current.family.prompts ?? [];
    for (let stage = from; stage < prompts.length; stage++) {
      const prompt = await prompts[stage]!(built);
      if (prompt) {
        dispatch({ type: 'prompt', prompt, built, stage });
        return false;
      }
    }
    dispatch({ type: 'verify', built });
    return true;
  }, []);

  /** On Verification: a family whose Verification is the signature signs now. */
  const verified = useCallback(
    async (built: B) => {
      if (ref.current.family.signOnVerify) await signBuilt(built);
    },
    [signBuilt],
  );

  const start = useCallback(
    async (build: () => Promise<B>) => {
      dispatch({ type: 'build' });
      let built: B;
      try {
        built = await build();
        if (!(await advance(built, 0))) return;
      } catch (e) {
        console.warn('build failed', e);
        return fail(describe(e), false);
      }
      await verified(built);
    },
    [advance, describe, fail, verified],
  );

  const sign = useCallback(async () => {
    const { built } = ref.current.state;
    if (built) await signBuilt(built);
  }, [signBuilt]);

  const broadcast = useCallback(async () => {
    const { built, signed } = ref.current.state;
    if (built && signed) await broadcastSigned(signed, built);
  }, [broadcastSigned]);

  const promptContinue = useCallback(() => {
    const p = ref.current.state.prompt;
    if (!p) return;
    dispatch({ type: 'build' });
    advance(p.built, p.stage + 1).then(
      (done) => (done ? verified(p.built) : undefined),
      (e: unknown) => fail(describe(e), false),
    );
  }, [advance, describe, fail, verified]);

  const promptClose = useCallback(() => {
    const p = ref.current.state.prompt;
    if (p && promptCloseResets(p.prompt)) reset();
    else dispatch({ type: 'promptClosed' });
  }, [reset]);

  const finish = useCallback((outcome: O) => dispatch({ type: 'finish', outcome }), []);

  return { state, start, sign, broadcast, reset, promptContinue, promptClose, finish };
}
