/**
 * The review's balance changes: the chain's figures shown exactly, the signature held while the chain answers and
 * refused with the reason when it refuses the transaction or disagrees with the build; a chain without simulation
 * says so and the signature goes on. axe-clean in every language.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { BalanceDelta, SimulationResult } from '@secux-companion/chain-common';
import { setLanguage } from '../i18n';
import { axeInEveryLanguage } from '../test/axe';
import { emptyRemoteConfig, renderUi, setupUiTests } from '../test/ui';
import { deltaText } from './BalanceChanges';
import { initialSendFlow } from './sendFlow';
import { SendFlowModal } from './SendFlowModal';
import type { SendFlow } from './useSendFlow';

setupUiTests();
emptyRemoteConfig();

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const sol = (who: BalanceDelta['who'], amount: bigint): BalanceDelta => ({
  who,
  asset: 'SOL',
  symbol: 'SOL',
  decimals: 9,
  amount,
});
const usdc = (who: BalanceDelta['who'], amount: bigint): BalanceDelta => ({
  who,
  asset: MINT,
  symbol: 'USDC',
  decimals: 6,
  amount,
});
const CHANGES = [sol('self', -2_044_280n), usdc('self', -5_000_000n), usdc('recipient', 5_000_000n)];
const OK: SimulationResult = {
  kind: 'ok',
  deltas: CHANGES,
  fee: 5000n,
  locked: 2_039_280n,
  expected: CHANGES,
};

function Review({ simulate }: { simulate: () => Promise<SimulationResult> }) {
  const flow: SendFlow<string> = {
    state: { ...initialSendFlow<string>(), step: 1, built: 'built' },
    start: vi.fn(),
    sign: vi.fn(),
    broadcast: vi.fn(),
    reset: vi.fn(),
    promptContinue: vi.fn(),
    promptClose: vi.fn(),
  };
  return (
    <SendFlowModal
      flow={flow}
      title="Send"
      testIds="send"
      details={null}
      canContinue
      onContinue={vi.fn()}
      reviewRows={() => [{ label: 'Amount', value: '5 USDC' }]}
      explorerUrl={() => undefined}
      simulate={simulate}
      coin={{ symbol: 'SOL', decimals: 9 }}
      onClose={vi.fn()}
      onDone={vi.fn()}
    />
  );
}

const sign = () => screen.getByTestId('send-sign') as HTMLButtonElement;

describe('balance changes on the review', () => {
  it('shows each change exactly, with the fee and rent it includes; Sign waits for the chain, then goes', async () => {
    let answer!: (r: SimulationResult) => void;
    renderUi(<Review simulate={() => new Promise((r) => (answer = r))} />);
    await screen.findByTestId('send-sim');
    expect(sign().disabled).toBe(true);
    answer(OK);
    await screen.findByTestId('send-sim-table');
    const rows = screen
      .getAllByTestId('send-sim-delta')
      .map((r) => [
        r.getAttribute('data-who'),
        r.querySelector('[data-testid="send-sim-amount"]')!.textContent,
      ]);
    expect(rows).toEqual([
      ['self', '\u22120.00204428 SOL'],
      ['self', '\u22125 USDC'],
      ['recipient', '+5 USDC'],
    ]);
    expect(screen.getByTestId('send-sim-fee').textContent).toBe('Network fee (included above): 0.000005 SOL');
    expect(screen.getByTestId('send-sim-locked').textContent).toContain('0.00203928 SOL');
    expect(sign().disabled).toBe(false);
  });

  it('the chain refusing the transaction blocks Sign with its reason', async () => {
    renderUi(<Review simulate={async () => ({ kind: 'failed', reason: 'InsufficientFundsForRent' })} />);
    const alert = await screen.findByTestId('send-sim-blocked');
    expect(alert.textContent).toBe(
      'The network would refuse this transaction: InsufficientFundsForRent. It cannot be signed.',
    );
    expect(sign().disabled).toBe(true);
  });

  it('a change that disagrees with the build blocks Sign and says which', async () => {
    const off: SimulationResult = { ...OK, deltas: [sol('self', -2_044_281n), ...CHANGES.slice(1)] };
    renderUi(<Review simulate={async () => off} />);
    const alert = await screen.findByTestId('send-sim-blocked');
    expect(alert.getAttribute('data-reason')).toBe('mismatch');
    expect(alert.textContent).toContain(
      'You (SOL) would change by \u22120.002044281 SOL, not \u22120.00204428 SOL',
    );
    expect(sign().disabled).toBe(true);
  });

  it('no simulation on the chain: said so, nothing guessed, Sign goes on', async () => {
    renderUi(<Review simulate={async () => ({ kind: 'unavailable' })} />);
    await screen.findByTestId('send-sim-unavailable');
    expect(screen.queryByTestId('send-sim-table')).toBeNull();
    expect(sign().disabled).toBe(false);
  });

  it('a failed request says so with Retry, and Retry asks the chain again', async () => {
    const simulate = vi
      .fn<() => Promise<SimulationResult>>()
      .mockRejectedValueOnce(new Error('timeout'))
      .mockResolvedValueOnce(OK);
    renderUi(<Review simulate={simulate} />);
    await screen.findByTestId('send-sim-error');
    expect(sign().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate again' }));
    await screen.findByTestId('send-sim-table');
    expect(simulate).toHaveBeenCalledTimes(2);
  });

  it('signed amounts in the interface language', async () => {
    await setLanguage('pt');
    try {
      expect(deltaText(-1_234_500_000n, { symbol: 'SOL', decimals: 9 })).toBe('\u22121,2345 SOL');
    } finally {
      await setLanguage('en');
    }
  });

  it('is axe-clean in every language: the changes, a refusal', async () => {
    const found = await axeInEveryLanguage([
      ['send-sim-table', <Review key="ok" simulate={async () => OK} />],
      ['send-sim-blocked', <Review key="no" simulate={async () => ({ kind: 'failed', reason: 'X' })} />],
    ]);
    expect(found).toEqual([]);
  }, 60_000);
});
