import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';

/** The root view's full-screen loader with a message (spec 01 §2). */
export function FullScreenLoader() {
  const { t } = useTranslation();
  const loading = useSession((s) => s.loading);
  if (!loading) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.6} center>
      <Stack align="center" role="status" aria-live="polite" data-testid="full-screen-loader">
        <Loader color="white" />
        <Text c="white">{t(loading.messageKey)}</Text>
      </Stack>
    </Overlay>
  );
}
