/** Pieces the payment-request screens share: the memo input (≤ 200, remaining count), a memo in 50-character chunks, a transaction id with copy. */
import { Group, Text, Textarea } from '@mantine/core';
import { REQUEST_MEMO_MAX, memoChunks } from '@secux-companion/chain-fio';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@secux-companion/web-kit/components/CopyText';
import { memoLeft } from './requests';

export function MemoField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (memo: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={label}
      value={value}
      maxLength={REQUEST_MEMO_MAX}
      rows={3}
      onChange={(e) => onChange(e.currentTarget.value.slice(0, REQUEST_MEMO_MAX))}
      description={t('fio.requests.form.memoLeft', { count: memoLeft(value) })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={testId}
    />
  );
}

/** A memo as it is displayed: one line per 50-character chunk. */
export function MemoChunks({ memo, size }: { memo: string; size?: 'sm' }) {
  return (
    <>
      {memoChunks(memo).map((chunk, i) => (
        <Text key={i} size={size ?? 'sm'} style={{ wordBreak: 'break-all' }}>
          {chunk}
        </Text>
      ))}
    </>
  );
}

export function TxIdRow({ txid, testId }: { txid: string; testId: string }) {
  return (
    <Group wrap="nowrap">
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {txid}
      </Text>
      <CopyText value={txid} size="xs" />
    </Group>
  );
}
