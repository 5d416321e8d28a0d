/**
 * The one send modal: Details (the family's fields), Verification (review rows, sign on the device), Send
 * (broadcast), Status, and the fee prompts. Every family's send and the bitcoin speed-up render it with
 * their own slots; the steps and their order live in useSendFlow.
 */
import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SimulationResult } from '@secux-companion/chain-common';
import { useEscapeClosesThis } from '../components/overModal';
import { useModalSize } from '../components/useModalSize';
import { BalanceChanges, simulationBlocks, useSimulation } from './BalanceChanges';
import { isFinished } from './sendFlow';
import {
  BroadcastActions,
  BroadcastStatus,
  DetailsFooter,
  FeePromptModal,
  ReviewTable,
  SendStepper,
  SignActions,
} from './SendSteps';
import type { ReviewRow } from './types';
import type { SendFlow } from './useSendFlow';

export interface SendFlowModalProps<B> {
  flow: SendFlow<B>;
  title: string;
  /** Prefix of the test ids (`send`, `speed-up`): `-sign`, `-broadcast`, `-status`, `-txid` … */
  testIds: string;
  /** Test id of Continue (default `${testIds}-continue`). */
  continueTestId?: string;
  /** Test id of the modal itself. */
  modalTestId?: string;
  /** The family's Details fields. */
  details: ReactNode;
  /** The family's Details rules hold (core's canContinueSendDetails and its own). */
  canContinue: boolean;
  /** Continue: the family builds its draft (flow.start with its adapter's build). */
  onContinue: () => void;
  /** The family's review rows of the built transaction. */
  reviewRows: (built: B) => readonly (ReviewRow | false | null | undefined)[];
  explorerUrl: (hash: string) => string | undefined;
  /**
   * The balance changes the chain computes for the built transaction (the family adapter's `simulate`), shown on
   * Verification; a refusal or a disagreement with the build blocks the signature. Absent: no panel.
   */
  simulate?: (built: B) => Promise<SimulationResult>;
  /** The chain's coin (the simulation's fee and rent). */
  coin?: { symbol: string; decimals: number };
  /** Closed before the end (nothing sent). */
  onClose: () => void;
  /** Closed after Status: back to the account with refreshed balances. */
  onDone: () => void;
}

export function SendFlowModal<B>({
  flow,
  title,
  testIds,
  continueTestId,
  modalTestId,
  details,
  canContinue,
  onContinue,
  reviewRows,
  explorerUrl,
  simulate,
  coin,
  onClose,
  onDone,
}: SendFlowModalProps<B>) {
  const size = useModalSize();
  const escapeCloses = useEscapeClosesThis();
  const { state } = flow;
  const close = () => (isFinished(state) ? onDone() : onClose());
  // Simulated once per built transaction, on Verification (a rebuild after Back simulates the new one).
  const sim = useSimulation(simulate, state.step === 1 || state.step === 2 ? state.built : null);

  return (
    <Modal
      opened
      onClose={close}
      size={size}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={escapeCloses}
      data-testid={modalTestId}
    >
      <SendStepper step={state.step} />

      {state.step === 0 && (
        <Stack>
          {details}
          <DetailsFooter
            error={state.error}
            onContinue={onContinue}
            canContinue={canContinue && !state.building}
            building={state.building}
            testIds={testIds}
            {...(continueTestId ? { continueTestId } : {})}
          />
        </Stack>
      )}

      {(state.step === 1 || state.step === 2) && state.built && (
        <Stack>
          <ReviewTable testId={`${testIds}-review`} rows={reviewRows(state.built)} />
          {sim.state && coin && (
            <BalanceChanges state={sim.state} coin={coin} onRetry={sim.retry} testId={`${testIds}-sim`} />
          )}
          {state.step === 1 ? (
            <SignActions
              blocked={simulationBlocks(sim.state)}
              signing={state.signing}
              onSign={() => void flow.sign()}
              onBack={flow.reset}
              signTestId={`${testIds}-sign`}
              progressTestId={`${testIds}-sign-progress`}
            />
          ) : (
            <BroadcastActions
              onBroadcast={() => void flow.broadcast()}
              onCancel={flow.reset}
              testId={`${testIds}-broadcast`}
            />
          )}
        </Stack>
      )}

      {state.step === 3 && (
        <BroadcastStatus
          result={state.result}
          explorerUrl={explorerUrl}
          onDone={close}
          // The same signed transaction again: never back to the device.
          onRetry={() => void flow.broadcast()}
          testIds={testIds}
        />
      )}

      {state.prompt && (
        <FeePromptModal
          prompt={state.prompt.prompt}
          onContinue={flow.promptContinue}
          onClose={flow.promptClose}
        />
      )}
    </Modal>
  );
}
