import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { initI18n } from '../i18n';
import { SendPresetContext, useSendPreset, type SendPreset } from './preset';
import type { BroadcastOutcome } from './txFlow';
import { useSendFlow } from './useSendFlow';

await initI18n(['en']);

const signed = { hash: 'signed-hash', raw: 'ab' } as unknown as SignedTransaction;

function run(outcome: BroadcastOutcome, preset: SendPreset | null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SendPresetContext.Provider value={preset}>{children}</SendPresetContext.Provider>
  );
  return renderHook(
    () => ({
      flow: useSendFlow<string>({
        sign: async () => signed,
        broadcast: async () => outcome,
        prompts: [],
      }),
      preset: useSendPreset(),
    }),
    { wrapper },
  );
}

async function sendThrough(result: ReturnType<typeof run>['result']) {
  await act(() => result.current.flow.start(async () => 'built'));
  await act(() => result.current.flow.sign());
  await act(() => result.current.flow.broadcast());
}

describe('a send started elsewhere (preset)', () => {
  it('hands the form its starting recipient and amount', () => {
    const { result } = run(
      { kind: 'success', hash: 'h', resultCode: 'state-010' },
      {
        recipient: 'ltc-address',
        amount: '0.5',
      },
    );
    expect(result.current.preset).toMatchObject({ recipient: 'ltc-address', amount: '0.5' });
  });

  it("reports the broadcast's transaction hash once, after a success", async () => {
    const onBroadcast = vi.fn();
    const { result } = run(
      { kind: 'success', hash: 'node-hash', resultCode: 'state-010' },
      {
        recipient: 'r',
        amount: '1',
        onBroadcast,
      },
    );
    await sendThrough(result);
    expect(result.current.flow.state.step).toBe(3);
    expect(onBroadcast.mock.calls).toEqual([['node-hash']]);
  });

  it('says nothing when the broadcast failed', async () => {
    const onBroadcast = vi.fn();
    const { result } = run(
      {
        kind: 'failed',
        resultCode: 'err-08',
        messageKey: 'err-08',
        conflict: false,
        raw: 'refused',
        retryable: false,
      },
      { recipient: 'r', amount: '1', onBroadcast },
    );
    await sendThrough(result);
    expect(result.current.flow.state.result).toMatchObject({ kind: 'failed' });
    expect(onBroadcast).not.toHaveBeenCalled();
  });

  it('without a preset (the account page) the flow runs as before', async () => {
    const { result } = run({ kind: 'success', hash: 'node-hash', resultCode: 'state-010' }, null);
    await sendThrough(result);
    expect(result.current.preset).toBeNull();
    expect(result.current.flow.state.result).toMatchObject({ kind: 'success', hash: 'node-hash' });
  });
});
