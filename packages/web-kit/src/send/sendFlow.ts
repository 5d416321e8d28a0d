/**
 * The one send state machine (spec 01 §4 "Send flow", "Speed-up"), for every family and send kind:
 *
 *   Details ──build──▶ (fee prompts, in the family's order) ──▶ Verification ──sign──▶ Send ──broadcast──▶ Status
 *
 * Pure: the hook (useStepFlow, and useSendFlow for a send) runs the asynchronous work and dispatches these events.
 * A flow other than a send (FIO's name actions and staking) states what it signs (S) and what its Status shows (O).
 */
import type { SignedTransaction } from '@secux-companion/chain-common';
import type { FeePrompt, SendStep } from './types';
import type { BroadcastOutcome } from './txFlow';

export interface SendFlowState<B, S = SignedTransaction, O = BroadcastOutcome> {
  step: SendStep;
  /** Building, or looking up the fee prompts, after Continue. */
  building: boolean;
  /** Build or signing failure shown on Details. */
  error: string | null;
  /** The transaction under review (Verification, Send). */
  built: B | null;
  /** A fee prompt on screen, the transaction it is about and the stage it came from. */
  prompt: { prompt: FeePrompt; built: B; stage: number } | null;
  /** Signing on the device: signatures done so far of the total. */
  signing: { current: number; total: number } | null;
  signed: S | null;
  result: O | 'loading' | null;
}

export type SendFlowEvent<B, S = SignedTransaction, O = BroadcastOutcome> =
  | { type: 'build' }
  | { type: 'failed'; error: string | null }
  | { type: 'prompt'; prompt: FeePrompt; built: B; stage: number }
  | { type: 'promptClosed' }
  | { type: 'verify'; built: B }
  | { type: 'signing'; current: number; total: number }
  | { type: 'signed'; tx: S }
  | { type: 'broadcasting' }
  | { type: 'broadcast'; outcome: O }
  /** Status with an outcome that needed no broadcast (a flow that failed before anything was signed). */
  | { type: 'finish'; outcome: O }
  | { type: 'reset' };

export function initialSendFlow<B, S = SignedTransaction, O = BroadcastOutcome>(): SendFlowState<B, S, O> {
  return {
    step: 0,
    building: false,
    error: null,
    built: null,
    prompt: null,
    signing: null,
    signed: null,
    result: null,
  };
}

export function sendFlowReducer<B, S = SignedTransaction, O = BroadcastOutcome>(
  s: SendFlowState<B, S, O>,
  e: SendFlowEvent<B, S, O>,
): SendFlowState<B, S, O> {
  switch (e.type) {
    case 'build':
      return { ...s, building: true, error: null, prompt: null };
    // A build or signing failure: back on Details with the message (null: nothing to say).
    case 'failed':
      return { ...initialSendFlow<B, S, O>(), error: e.error };
    case 'prompt':
      return { ...s, building: false, prompt: { prompt: e.prompt, built: e.built, stage: e.stage } };
    case 'promptClosed':
      return { ...s, building: false, prompt: null };
    case 'verify':
      return { ...s, building: false, prompt: null, built: e.built, step: 1 };
    case 'signing':
      return { ...s, error: null, signing: { current: e.current, total: e.total } };
    case 'signed':
      return { ...s, signing: null, signed: e.tx, step: 2 };
    case 'broadcasting':
      return { ...s, step: 3, result: 'loading' };
    case 'broadcast':
      return { ...s, result: e.outcome };
    case 'finish':
      return { ...s, building: false, step: 3, result: e.outcome };
    case 'reset':
      return initialSendFlow<B, S, O>();
  }
}

/** The flow is over (Status with a result): closing it means 'done' (refresh), not 'cancel'. */
export function isFinished(s: Pick<SendFlowState<unknown, unknown, unknown>, 'step' | 'result'>): boolean {
  return s.step === 3 && s.result !== null && s.result !== 'loading';
}

/**
 * What a prompt's close does: the questions (fee too high, custom fee) return to Details; a fee-limit
 * alert resets the send (spec 01 §4 "Send form behaviour").
 */
export function promptCloseResets(prompt: FeePrompt): boolean {
  return prompt.kind === 'higher_fee' || prompt.kind === 'max_fee';
}
