import { Button, Group, TextInput } from '@mantine/core';
import { stripScheme } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrScannerModal } from './QrScannerModal';
import { RecipientNotice, useRecipientHistory } from './RecipientNotice';

/**
 * The send form's recipient (spec 01 §4): a 'scheme:' prefix is removed from pasted text, a QR scan fills
 * the entry, and the domain state (resolving / resolved from) shows under it. Validation is the caller's;
 * a valid entry is checked against the account's history (first-send notice, look-alike warning).
 */
export function RecipientField({
  value,
  onChange,
  error,
  resolvedFrom,
  resolving,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  resolvedFrom: string | null;
  resolving: boolean;
}) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  // The history is read from the moment the form opens: the notice then comes with the entry, not after it.
  useRecipientHistory();
  return (
    <>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('send.recipient')}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onPaste={(e) => {
            e.preventDefault();
            onChange(stripScheme(e.clipboardData.getData('text')).trim());
          }}
          error={error}
          description={
            resolvedFrom
              ? t('send.resolvedFrom', { domain: resolvedFrom })
              : resolving
                ? t('send.resolvingDomain')
                : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          spellCheck={false}
          data-testid="send-recipient"
        />
        <Button
          variant="default"
          mt={25}
          onClick={() => setScanning(true)}
          aria-label={t('send.scanQr')}
          data-testid="send-scan"
        >
          {t('send.scan')}
        </Button>
      </Group>
      {value.trim() !== '' && !error && !resolving && <RecipientNotice recipient={value} where="details" />}
      {scanning && (
        <QrScannerModal
          onClose={() => setScanning(false)}
          onScan={(text) => {
            setScanning(false);
            onChange(text);
          }}
        />
      )}
    </>
  );
}
