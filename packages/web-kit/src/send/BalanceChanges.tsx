/**
 * The review step's "Balance changes" (issue 32 item 1): what the chain itself computes the built transaction would
 * change — each party's coin and token changes, the fee and any rent or reserve they include — shown beside the
 * device's own view, from the family's adapter `simulate`. The chain refusing the transaction, or its changes
 * disagreeing with what was built (chain-common simulationVerdict), blocks the signature with the reason; a chain
 * that cannot simulate says so and guesses nothing.
 */
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  simulationVerdict,
  type BalanceDelta,
  type SimulationResult,
  type SimulationVerdict,
} from '@secux-companion/chain-common';
import { formatCoin } from '@secux-companion/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, uiLanguage } from '../lib/format';

/** The sender's changes first, then the recipient's, then anyone else's. */
const PARTY_ORDER: Record<BalanceDelta['who'], number> = { self: 0, recipient: 1, other: 2 };

export type SimulationState =
  | { status: 'loading' }
  | { status: 'done'; result: SimulationResult; verdict: SimulationVerdict }
  | { status: 'error'; error: unknown };

/** A signed change in full precision (the chain's exact figure): '−0.002044280 SOL', '+5 USDC'. */
export function deltaText(amount: bigint, unit: { symbol: string; decimals: number }): string {
  const abs = amount < 0n ? -amount : amount;
  const sign = amount < 0n ? '\u2212' : amount > 0n ? '+' : '';
  return `${sign}${formatCoin(abs, unit.decimals, unit.decimals, uiLanguage())} ${unit.symbol}`;
}

/** Runs the family's simulation of `built` (again on retry); none without a `simulate`. */
export function useSimulation<B>(
  simulate: ((built: B) => Promise<SimulationResult>) | undefined,
  built: B | null,
): { state: SimulationState | null; retry: () => void } {
  const [state, setState] = useState<SimulationState | null>(null);
  const [round, setRound] = useState(0);
  // The latest function, without re-running when a caller passes a new one each render.
  const fn = useRef(simulate);
  fn.current = simulate;
  const can = !!simulate;
  useEffect(() => {
    const run = fn.current;
    if (!can || !run || !built) {
      setState(null);
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    // a synchronous throw is a failed request too
    Promise.resolve()
      .then(() => run(built))
      .then(
        (result) => live && setState({ status: 'done', result, verdict: simulationVerdict(result) }),
        (error: unknown) => live && setState({ status: 'error', error }),
      );
    return () => {
      live = false;
    };
  }, [can, built, round]);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  return { state, retry };
}

/** The signature waits for the simulation and is refused when the verdict blocks. */
export function simulationBlocks(state: SimulationState | null): boolean {
  return state?.status === 'loading' || (state?.status === 'done' && state.verdict.blocked);
}

export function BalanceChanges({
  state,
  coin,
  onRetry,
  testId = 'send-sim',
}: {
  state: SimulationState;
  /** The chain's coin (the fee and the rent are in it). */
  coin: { symbol: string; decimals: number };
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const who = (d: Pick<BalanceDelta, 'who'>) => t(`simulation.who.${d.who}`);
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
      data-status={state.status}
    >
      <Text fw={600} id={titleId}>
        {t('simulation.title')}
      </Text>
      {state.status === 'loading' && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('simulation.loading')}
          </Text>
        </Group>
      )}
      {state.status === 'error' && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" role="status" data-testid={`${testId}-error`}>
            {t('simulation.error', { reason: errorText(t, state.error) })}
          </Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('simulation.retry')}
          </Button>
        </Group>
      )}
      {state.status === 'done' && state.result.kind === 'unavailable' && (
        <Text size="sm" role="status" data-testid={`${testId}-unavailable`}>
          {t('simulation.unavailable')}
        </Text>
      )}
      {state.status === 'done' && state.result.kind === 'ok' && (
        <>
          <Table data-testid={`${testId}-table`}>
            <Table.Caption>{t('simulation.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('simulation.party')}</Table.Th>
                <Table.Th scope="col">{t('simulation.asset')}</Table.Th>
                <Table.Th scope="col">{t('simulation.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...state.result.deltas]
                .sort((a, b) => PARTY_ORDER[a.who] - PARTY_ORDER[b.who])
                .map((d) => (
                  <Table.Tr
                    key={`${d.who}:${d.asset}`}
                    data-testid={`${testId}-delta`}
                    data-who={d.who}
                    data-asset={d.asset}
                  >
                    <Table.Th scope="row">{who(d)}</Table.Th>
                    {/* a token's symbol is the token's own text: rendered as text; the sign says the direction (no colour
                      to keep the contrast in both themes) */}
                    <Table.Td>{d.symbol}</Table.Td>
                    <Table.Td data-testid={`${testId}-amount`} style={{ whiteSpace: 'nowrap' }}>
                      {deltaText(d.amount, d)}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" data-testid={`${testId}-fee`}>
            {t('simulation.fee')}: {deltaText(state.result.fee, coin).replace(/^\+/, '')}
          </Text>
          {state.result.locked !== undefined && (
            <Text size="sm" data-testid={`${testId}-locked`}>
              {t('simulation.locked')}: {deltaText(state.result.locked, coin).replace(/^\+/, '')}
            </Text>
          )}
        </>
      )}
      {state.status === 'done' && state.verdict.blocked && (
        <Alert color="red" role="alert" data-testid={`${testId}-blocked`} data-reason={state.verdict.reason}>
          {state.verdict.reason === 'failed'
            ? t('simulation.failed', { reason: state.verdict.detail })
            : t('simulation.mismatch', {
                party: `${who(state.verdict.expected)} (${state.verdict.expected.symbol})`,
                actual: deltaText(state.verdict.actual, state.verdict.expected),
                expected: deltaText(state.verdict.expected.amount, state.verdict.expected),
              })}
        </Alert>
      )}
    </Stack>
  );
}
