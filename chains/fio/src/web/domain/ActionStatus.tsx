/**
 * The action modal's Status (spec 03 §2, §8): the catalogue's state-010 with the transaction id (copy, explorer link),
 * or its err-08 with the node's words.
 */
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FioChain } from '../chain';
import { TxIdRow } from './parts';

/** What the action ends with; 'logged': a failed mark-paid, only logged while the modal closes (spec 03 §4). */
export type ActionResult = { ok: true; txId: string } | { ok: false; message: string } | 'logged';

export function ActionStatus({
  chain,
  result,
  onClose,
}: {
  chain: FioChain;
  result: Exclude<ActionResult, 'logged'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const explorer = result.ok && !chain.local ? chain.adapter.explorer.tx(result.txId) : undefined;
  return (
    <Stack aria-live="polite">
      {result.ok ? (
        <>
          <Alert color="green" data-testid="fio-action-success">
            {t('errors.state-010')}
          </Alert>
          <TxIdRow txid={result.txId} testId="fio-action-txid" />
          {explorer && (
            <Anchor href={explorer} target="_blank" rel="noopener noreferrer">
              {t('fio.explorer')}
            </Anchor>
          )}
        </>
      ) : (
        <Alert color="red" role="alert" title={t('errors.err-08')} data-testid="fio-action-failed">
          {/* The failure's own words, unless they are err-08's again. */}
          {result.message !== t('errors.err-08') && result.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="fio-action-close">
          {t('fio.close')}
        </Button>
      </Group>
    </Stack>
  );
}
