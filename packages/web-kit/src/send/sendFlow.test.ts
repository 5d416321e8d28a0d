import { describe, expect, it } from 'vitest';
import {
  initialSendFlow,
  isFinished,
  promptCloseResets,
  sendFlowReducer,
  type SendFlowEvent,
  type SendFlowState,
} from './sendFlow';

type B = { id: string };
const run = (events: SendFlowEvent<B>[], from: SendFlowState<B> = initialSendFlow<B>()) =>
  events.reduce(sendFlowReducer<B>, from);
const tx = { hash: 'h', raw: '00' };

describe('the send state machine', () => {
  it('Details → build → Verification → signed → Send → broadcast → Status', () => {
    let s = run([{ type: 'build' }]);
    expect(s).toMatchObject({ step: 0, building: true });
    s = run([{ type: 'verify', built: { id: 'a' } }], s);
    expect(s).toMatchObject({ step: 1, building: false, built: { id: 'a' } });
    s = run(
      [
        { type: 'signing', current: 0, total: 2 },
        { type: 'signing', current: 1, total: 2 },
      ],
      s,
    );
    expect(s.signing).toEqual({ current: 1, total: 2 });
    s = run([{ type: 'signed', tx }], s);
    expect(s).toMatchObject({ step: 2, signing: null, signed: tx });
    s = run([{ type: 'broadcasting' }], s);
    expect(s).toMatchObject({ step: 3, result: 'loading' });
    expect(isFinished(s)).toBe(false);
    s = run([{ type: 'broadcast', outcome: { kind: 'success', hash: 'h', resultCode: 'state-010' } }], s);
    expect(isFinished(s)).toBe(true);
  });

  it('a fee prompt holds the built transaction on Details until it is answered', () => {
    const s = run([
      { type: 'build' },
      { type: 'prompt', prompt: { kind: 'customFee' }, built: { id: 'a' }, stage: 1 },
    ]);
    expect(s).toMatchObject({
      step: 0,
      building: false,
      built: null,
      prompt: { stage: 1, built: { id: 'a' } },
    });
    expect(run([{ type: 'promptClosed' }], s)).toMatchObject({ step: 0, prompt: null });
  });

  it('a build or signing failure returns to Details with its message; reset forgets everything', () => {
    const signing = run([
      { type: 'verify', built: { id: 'a' } },
      { type: 'signing', current: 0, total: 1 },
    ]);
    expect(run([{ type: 'failed', error: 'Signature error' }], signing)).toEqual({
      ...initialSendFlow(),
      error: 'Signature error',
    });
    expect(run([{ type: 'reset' }], signing)).toEqual(initialSendFlow());
  });

  it('closing the questions returns to Details; closing a fee-limit alert resets the send', () => {
    expect(promptCloseResets({ kind: 'feeTooHigh' })).toBe(false);
    expect(promptCloseResets({ kind: 'customFee' })).toBe(false);
    expect(promptCloseResets({ kind: 'higher_fee', limit: '100', currency: 'USD', symbol: '$' })).toBe(true);
    expect(promptCloseResets({ kind: 'max_fee' })).toBe(true);
  });
});
