/**
 * The one send modal: Details (the family's fields), Verification (review rows, sign on the device), Send
 * (broadcast), Status, and the fee prompts. Every family's send and the bitcoin speed-up render it with
 * their own slots; the steps and their order live in useSendFlow.
 */
import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEscapeClosesThis } from '../components/overModal';
import { useModalSize } from '../components/useModalSize';
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
  onClose,
  onDone,
}: SendFlowModalProps<B>) {
  const size = useModalSize();
  const escapeCloses = useEscapeClosesThis();
  const { state } = flow;
  const close = () => (isFinished(state) ? onDone() : onClose());

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
          {state.step === 1 ? (
            <SignActions
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
