import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TOAST_MS, toast } from '../lib/toast';

/** How long the 'Copied!' toast stays (spec 01 §9: toast delay 1 s in this area); a failure stays longer. */
export const COPY_FEEDBACK_MS = TOAST_MS.short;
export const COPY_FAILED_MS = TOAST_MS.normal;

/**
 * Copy button for an address or a transaction id: writes to the clipboard and says whether it worked in a toast
 * ('copied' or 'copy failed', spec 01 §8), which screen readers announce (an alert).
 */
export function CopyText({
  value,
  testId,
  size = 'sm',
}: {
  value: string;
  testId?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const copy = () => {
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => toast({ message: t('common.copied'), color: 'green', autoClose: COPY_FEEDBACK_MS }),
      (e: unknown) => {
        console.warn('copy failed', e);
        toast({ message: t('common.copyFailed'), color: 'red', autoClose: COPY_FAILED_MS });
      },
    );
  };
  return (
    <Button size={size} variant="light" onClick={copy} data-testid={testId}>
      {t('common.copy')}
    </Button>
  );
}
