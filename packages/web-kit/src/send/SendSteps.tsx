/**
 * The pieces of the one send modal (SendFlowModal; every family's send and the bitcoin speed-up): the
 * stepper, the fee-mode control, the review table, the Verification (sign on the device) and Send
 * (broadcast) actions, the Status step, and the fee prompts. A family fills the Details fields and the
 * review rows; these only lay out what the chain's adapter produced.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { FEE_MODES, type FeeMode } from '@secux-companion/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS, useLinks } from '../lib/links';
import { CopyText } from '../components/CopyText';
import { useOverModal } from '../components/overModal';
import { useModalSize } from '../components/useModalSize';
import type { BroadcastOutcome } from './txFlow';
import { BroadcastFailure } from './BroadcastFailure';
import { useTxStatus } from './txStatus';
import { GroupedAddress, RecipientNotice } from './RecipientNotice';
import type { FeePrompt, ReviewRow, SendStep, SigningState } from './types';

/** Details, Verification, Send, Status. */
export function SendStepper({ step }: { step: SendStep }) {
  const { t } = useTranslation();
  return (
    <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false}>
      <Stepper.Step label={t('send.steps.details')} />
      <Stepper.Step label={t('send.steps.verification')} />
      <Stepper.Step label={t('send.steps.send')} />
      <Stepper.Step label={t('send.steps.status')} />
    </Stepper>
  );
}

/**
 * Fee mode (High, Medium, Low, Custom) with each tier's figure beside its name when known; `children`
 * holds the chain's custom-fee input and notes.
 */
export function FeeModeControl({
  mode,
  onChange,
  tierText,
  children,
}: {
  mode: FeeMode;
  onChange: (mode: FeeMode) => void;
  /** The tier's figure ('12 sat/vB', '3 Gwei'), or null while unknown. */
  tierText: (mode: Exclude<FeeMode, 'Custom'>) => string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const narrow = useModalSize() === 'md';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('send.feeMode')}
      </Text>
      {/* Full width, each tier's figure under its name, one choice per row in the small screen's modal: the four
          choices fit in every language (on one line, 'Baixa · 1.797181219 Gwei' pushed Custom out of the modal). */}
      <SegmentedControl
        aria-labelledby={labelId}
        value={mode}
        onChange={(v) => onChange(v as FeeMode)}
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        data={FEE_MODES.map((m) => {
          const figure = m === 'Custom' ? null : tierText(m);
          return {
            value: m,
            label: (
              <>
                {t(`send.fee.${m}`)}
                {figure && (
                  <Text component="span" display="block" size="xs" c="dimmed">
                    {figure}
                  </Text>
                )}
              </>
            ),
          };
        })}
        data-testid="send-fee-mode"
      />
      {children}
    </Stack>
  );
}

/** The end of the Details step: the build or signing error, then Continue. */
export function DetailsFooter({
  error,
  onContinue,
  canContinue,
  building,
  testIds = 'send',
  continueTestId = `${testIds}-continue`,
}: {
  error: string | null;
  onContinue: () => void;
  canContinue: boolean;
  building: boolean;
  /** Prefix of the test ids: `${prefix}-error`, `${prefix}-continue`. */
  testIds?: string;
  continueTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" role="alert" data-testid={`${testIds}-error`}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onContinue} disabled={!canContinue} loading={building} data-testid={continueTestId}>
          {t('send.continue')}
        </Button>
      </Group>
    </>
  );
}

/** What the device is about to sign, as a two-column table. */
export function ReviewTable({
  rows,
  testId,
}: {
  rows: readonly (ReviewRow | false | null | undefined)[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = rows.filter((r): r is ReviewRow => !!r);
  const recipient = shown.find((r) => r.recipient && r.address)?.address;
  return (
    <>
      <Table data-testid={testId}>
        <Table.Tbody>
          {shown.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th scope="row">{r.label}</Table.Th>
              {/* an address in groups wraps between groups only, so each group reads as the device shows it */}
              <Table.Td
                style={r.breakAll && !r.address ? { wordBreak: 'break-all' } : undefined}
                data-testid={r.testId}
              >
                {r.address ? <GroupedAddress address={r.address} /> : r.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {recipient && (
        <>
          <Text size="sm" c="dimmed">
            {t('safety.reviewHint')}
          </Text>
          <RecipientNotice recipient={recipient} where="review" />
        </>
      )}
    </>
  );
}

function signingText(t: (k: string, o?: Record<string, unknown>) => string, s: SigningState): string {
  if (!s) return '';
  if (s !== true && s.total > 1 && s.current > 0)
    return t('send.signingProgress', { current: s.current, total: s.total });
  return t('send.confirmOnDevice');
}

/** Verification: sign on the device (Back returns to Details when given). */
export function SignActions({
  signing,
  onSign,
  onBack,
  signTestId,
  progressTestId,
  blocked = false,
}: {
  signing: SigningState;
  onSign: () => void;
  onBack?: () => void;
  signTestId: string;
  progressTestId?: string;
  /** Signing is refused (the chain's simulation refused or disagreed; its reason shows above). */
  blocked?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text role="status" aria-live="polite" data-testid={progressTestId}>
        {signingText(t, signing)}
      </Text>
      <Group justify={onBack ? 'space-between' : 'flex-end'}>
        {onBack && (
          <Button variant="default" onClick={onBack} disabled={!!signing} data-testid="send-back">
            {t('send.back')}
          </Button>
        )}
        <Button onClick={onSign} loading={!!signing} disabled={blocked && !signing} data-testid={signTestId}>
          {t('send.sign')}
        </Button>
      </Group>
    </>
  );
}

/** Send: the signed transaction is broadcast only when the user says so (Cancel drops it when given). */
export function BroadcastActions({
  onBroadcast,
  onCancel,
  testId,
}: {
  onBroadcast: () => void;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onCancel && <Text>{t('send.finalCheck')}</Text>}
      <Group justify={onCancel ? 'space-between' : 'flex-end'}>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button onClick={onBroadcast} data-testid={testId}>
          {t('send.broadcast')}
        </Button>
      </Group>
    </>
  );
}

/**
 * Where a sent transaction stands, announced as it changes (aria-live): pending until the chain decides, then
 * confirmed, or failed with the chain's reason. Followed through the server's tx-status (txStatus.ts).
 */
export function TxStateLine({ chain, hash, testId }: { chain?: string; hash: string; testId: string }) {
  const { t } = useTranslation();
  const s = useTxStatus(chain, hash);
  const text =
    s.state === 'confirmed'
      ? t('send.txState.confirmed')
      : s.state === 'failed'
        ? s.status.reason
          ? t('send.txState.failedReason', { reason: s.status.reason })
          : t('send.txState.failed')
        : s.unfollowed
          ? t('send.txState.pendingExplorer')
          : t('send.txState.pending');
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" data-testid={testId} data-state={s.state}>
      {s.state === 'pending' && !s.unfollowed && <Loader size="xs" aria-hidden />}
      <Text c={s.state === 'confirmed' ? 'teal' : s.state === 'failed' ? 'red' : 'dimmed'} size="sm">
        {text}
      </Text>
    </Group>
  );
}

/**
 * Status: a spinner while broadcasting; then the transaction id with Copy and the explorer link (new
 * window) and where it stands (pending until the chain decides), or the failure — with Retry, which sends the
 * same signed transaction again, when it failed on the way and nothing is known of its outcome; Done closes.
 */
export function BroadcastStatus({
  result,
  explorerUrl,
  onDone,
  onRetry,
  testIds,
}: {
  result: BroadcastOutcome | 'loading' | null;
  explorerUrl: (hash: string) => string | undefined;
  onDone: () => void;
  /** Sends the same signed transaction again (a failure on the way only). */
  onRetry?: () => void;
  /** Prefix of the test ids: `${prefix}-status`, `-success`, `-txid`, `-tx-state`, `-failed`, `-retry`, `-done`. */
  testIds: string;
}) {
  const { t } = useTranslation();
  const link =
    result && result !== 'loading' && result.kind === 'success' ? explorerUrl(result.hash) : undefined;
  return (
    <Stack aria-live="polite" data-testid={`${testIds}-status`}>
      {result === 'loading' && <Loader aria-label={t('send.broadcasting')} />}
      {result && result !== 'loading' && result.kind === 'success' && (
        <Stack data-testid={`${testIds}-success`}>
          <Text c="teal">{t('errors.state-010')}</Text>
          <Group wrap="nowrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid={`${testIds}-txid`}>
              {result.hash}
            </Text>
            <CopyText value={result.hash} size="xs" />
          </Group>
          {link && (
            <Anchor href={link} {...EXTERNAL_LINK_PROPS}>
              {t('send.viewExplorer')}
            </Anchor>
          )}
          <TxStateLine
            {...(result.chain ? { chain: result.chain } : {})}
            hash={result.hash}
            testId={`${testIds}-tx-state`}
          />
        </Stack>
      )}
      {result && result !== 'loading' && result.kind === 'failed' && (
        <>
          <BroadcastFailure messageKey={result.messageKey} raw={result.raw} testId={`${testIds}-failed`} />
          {result.retryable && onRetry && (
            <Text size="sm" data-testid={`${testIds}-retry-hint`}>
              {t('send.retryHint')}
            </Text>
          )}
        </>
      )}
      <Group justify="flex-end">
        {result && result !== 'loading' && result.kind === 'failed' && result.retryable && onRetry && (
          <Button variant="default" onClick={onRetry} data-testid={`${testIds}-retry`}>
            {t('send.retry')}
          </Button>
        )}
        <Button onClick={onDone} disabled={result === 'loading'} data-testid={`${testIds}-done`}>
          {t('send.done')}
        </Button>
      </Group>
    </Stack>
  );
}

export function FeePromptModal({
  prompt,
  onContinue,
  onClose,
}: {
  prompt: FeePrompt;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useOverModal();
  const links = useLinks();
  const text =
    prompt.kind === 'feeTooHigh'
      ? t('errors.err-28')
      : prompt.kind === 'customFee'
        ? t('errors.customFeeAboveEstimate')
        : prompt.kind === 'higher_fee'
          ? t('errors.feeAlertHigherFee', {
              symbol: prompt.symbol,
              limit: prompt.limit,
              currency: prompt.currency,
            })
          : t('errors.feeAlertMaxFee');
  return (
    <Modal opened onClose={onClose} title={t('send.feeAlertTitle')} zIndex={400} data-testid="fee-alert">
      <Stack>
        <Text role="alert" data-testid="fee-alert-text" data-kind={prompt.kind}>
          {text}
        </Text>
        <Group justify="flex-end">
          {prompt.kind === 'max_fee' ? (
            <Button component="a" href={links.help} {...EXTERNAL_LINK_PROPS} data-testid="fee-alert-support">
              {t('send.contactSupport')}
            </Button>
          ) : (
            <Button data-testid="fee-alert-continue" onClick={onContinue}>
              {t('send.continue')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
