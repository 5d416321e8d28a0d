import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';

/** No chain added yet, with the guide to adding accounts from the remote config (no link while it names none). */
export function NoChains() {
  const { t } = useTranslation();
  const links = useLinks();
  return (
    <Alert data-testid="evm-chains-empty">
      <Stack gap={4}>
        <Text size="sm">{t('evm.noChains')}</Text>
        {links.guideAddAccount && (
          <Anchor
            href={links.guideAddAccount}
            size="sm"
            {...EXTERNAL_LINK_PROPS}
            data-testid="evm-chains-help"
          >
            {t('evm.noChainsHelp')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** An account of a chain whose information can not be read: said in a dialog instead of opening it. */
export function ChainUnavailableModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('evm.title')}>
      <Stack>
        <Text role="alert" data-testid="evm-chain-unavailable">
          {t('errors.chainInfoUnavailable')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
