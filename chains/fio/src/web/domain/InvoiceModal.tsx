/**
 * The invoice modal (spec 03 §2, §4): fulfils a received request. It shows whom to pay and how much, takes a memo of
 * up to 200 characters for the record, then the payment goes through the chosen chain's own send flow (prefilled
 * with the payee's address and the amount); once broadcast, the request is recorded on FIO (recordobt, status
 * sent_to_blockchain, the payment's transaction id) — the device signs it while a 'Confirm on device' button shows.
 * A failed record is only logged (spec 03 §4): the payment itself is done.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { type FioRequest, type FioRequestContent } from '@secux-companion/chain-fio';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { pushFioAction } from '../actionLog';
import type { FioChain } from '../chain';
import { SendPresetContext, type SendPreset } from '@secux-companion/web-kit/send/preset';
import type { FioDomainAccount } from './model';
import { MemoChunks, MemoField, TxIdRow } from './parts';
import { fioDescriptor } from './model';
import { recordFor } from './requests';
import type { PayingAccount } from './SelectAccountModal';

type Stage = 'invoice' | 'send' | 'recording' | 'done';

/** Records the payment on FIO; any failure is logged only. */
async function recordPayment(
  fio: FioChain,
  payerAccount: FioDomainAccount,
  request: FioRequest & { content: FioRequestContent },
  payerAddress: string,
  txid: string,
  memo: string,
): Promise<void> {
  try {
    const device = currentDevice();
    const built = await fio.adapter.names.build(
      fioDescriptor(fio, payerAccount),
      {
        kind: 'recordObtData',
        handle: request.payerHandle,
        requestId: request.id,
        payeeHandle: request.payeeHandle,
        payeeKey: request.payeeKey,
        content: recordFor(request, payerAddress, txid, memo),
      },
      undefined,
      device,
    );
    const signature = await device.signFio(built.signRequest.path, built.signRequest.sigData);
    await pushFioAction(fio.adapter.names, fio.coin, built, signature);
  } catch (e) {
    console.warn('recording the payment on FIO failed', e);
  }
}

/** Whom to pay, where and how much, from which account, and the request's memo. */
function InvoiceTable({
  request,
  accountName,
}: {
  request: FioRequest & { content: FioRequestContent };
  accountName: string;
}) {
  const { t } = useTranslation();
  const c = request.content;
  return (
    <Table>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{t('fio.requests.review.payee')}</Table.Td>
          <Table.Td>{request.payeeHandle}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('fio.requests.invoice.payTo')}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }} data-testid="fio-invoice-address">
            {c.payeePublicAddress}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('fio.requests.invoice.amount')}</Table.Td>
          <Table.Td data-testid="fio-invoice-amount">
            {t('fio.requests.amount', { amount: c.amount, token: c.tokenCode })}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('fio.requests.select.account')}</Table.Td>
          <Table.Td data-testid="fio-invoice-account">{accountName}</Table.Td>
        </Table.Tr>
        {c.memo !== '' && (
          <Table.Tr>
            <Table.Td>{t('fio.requests.invoice.requestMemo')}</Table.Td>
            <Table.Td>
              <MemoChunks memo={c.memo} />
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The record on FIO, signed on the device. */
function Recording() {
  const { t } = useTranslation();
  return (
    <Stack aria-live="polite">
      <Text size="sm">{t('fio.requests.invoice.recording')}</Text>
      <Group justify="flex-end">
        <Button disabled leftSection={<Loader size="xs" />} data-testid="fio-invoice-confirm">
          {t('fio.confirmOnDevice')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Paid: the payment's transaction id. */
function Paid({ txid, onDone }: { txid: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack aria-live="polite">
      <Alert color="green" data-testid="fio-invoice-paid">
        {t('fio.requests.invoice.paid')}
      </Alert>
      <Text size="xs" c="dimmed">
        {t('fio.requests.invoice.paidTx')}
      </Text>
      <TxIdRow txid={txid} testId="fio-invoice-txid" />
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="fio-invoice-close">
          {t('fio.close')}
        </Button>
      </Group>
    </Stack>
  );
}

export function InvoiceModal({
  fio,
  request,
  payerAccount,
  paying,
  onClose,
  onDone,
}: {
  fio: FioChain;
  request: FioRequest & { content: FioRequestContent };
  /** The FIO account the request was received by (it signs the record). */
  payerAccount: FioDomainAccount;
  paying: PayingAccount;
  onClose: () => void;
  /** After the payment (the request list is read again). */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [stage, setStage] = useState<Stage>('invoice');
  const [memo, setMemo] = useState('');
  const [notSent, setNotSent] = useState(false);
  const [txid, setTxid] = useState<string | null>(null);
  const hash = useRef<string | null>(null);
  const { family, chain, account } = paying;
  const Send = family.Send;
  const c = request.content;

  const preset = useMemo<SendPreset>(
    () => ({
      recipient: c.payeePublicAddress,
      amount: c.amount,
      onBroadcast: (h) => {
        hash.current = h;
      },
    }),
    [c],
  );

  const afterSend = async () => {
    const h = hash.current;
    if (!h) {
      setNotSent(true);
      setStage('invoice');
      return;
    }
    setTxid(h);
    setStage('recording');
    const payerAddress = await family
      .receiveTarget(chain, account)
      .then((r) => r.address)
      .catch(() => '');
    await recordPayment(fio, payerAccount, request, payerAddress, h, memo);
    setStage('done');
  };

  if (stage === 'send')
    return (
      <SendPresetContext.Provider value={preset}>
        <Send
          chain={chain}
          account={account}
          onClose={() => void afterSend()}
          onDone={() => void afterSend()}
        />
      </SendPresetContext.Provider>
    );

  return (
    <Modal
      opened
      onClose={stage === 'recording' ? () => undefined : stage === 'done' ? onDone : onClose}
      size={size}
      title={t('fio.requests.invoice.title')}
      closeOnClickOutside={false}
      data-testid="fio-invoice"
    >
      <Stack>
        <InvoiceTable request={request} accountName={account.name} />
        {stage === 'invoice' && (
          <>
            <MemoField
              label={t('fio.requests.invoice.memo')}
              value={memo}
              onChange={setMemo}
              testId="fio-invoice-memo"
            />
            {notSent && (
              <Alert color="yellow" data-testid="fio-invoice-not-sent">
                {t('fio.requests.invoice.sendClosed')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('fio.cancel')}
              </Button>
              <Button
                onClick={() => {
                  setNotSent(false);
                  setStage('send');
                }}
                data-testid="fio-invoice-pay"
              >
                {t('fio.requests.invoice.pay')}
              </Button>
            </Group>
          </>
        )}
        {stage === 'recording' && <Recording />}
        {stage === 'done' && txid && <Paid txid={txid} onDone={onDone} />}
      </Stack>
    </Modal>
  );
}
