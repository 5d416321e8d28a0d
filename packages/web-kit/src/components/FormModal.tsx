import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from './useModalSize';

/**
 * The layout of the small form and confirm modals: the content, then a failure (if any), then Cancel and
 * the modal's own action at the bottom right.
 */
export function FormModal({
  title,
  onClose,
  failure,
  failureTestId,
  action,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Why the last attempt failed; shown as an alert above the buttons. */
  failure?: string | null;
  failureTestId?: string;
  /** The submit or confirm button, beside Cancel (none when there is nothing to do). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <Modal opened onClose={onClose} size={size} title={title}>
      <Stack>
        {children}
        {failure && (
          <Alert color="red" role="alert" data-testid={failureTestId}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {action}
        </Group>
      </Stack>
    </Modal>
  );
}
