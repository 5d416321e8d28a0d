import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long 'Copied!' / 'Failed' stays on the button (spec 01: toast delay 1 s in this area). */
export const COPY_FEEDBACK_MS = 1_000;

/**
 * Copy button for an address or a transaction id: writes to the clipboard and says whether it worked
 * ('Copied!' or 'Failed', spec 01 §4 receive), announced to screen readers.
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
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setState('copied'),
      (e: unknown) => {
        console.warn('copy failed', e);
        setState('failed');
      },
    );
  };
  return (
    <Button
      size={size}
      variant="light"
      color={state === 'failed' ? 'red' : undefined}
      onClick={copy}
      aria-live="polite"
      data-testid={testId}
    >
      {state === 'copied'
        ? t('common.copied')
        : state === 'failed'
          ? t('common.copyFailed')
          : t('common.copy')}
    </Button>
  );
}
