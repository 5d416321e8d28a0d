/**
 * The BNB Beacon Chain's retirement, explained (issue 13): it halted on 2024-12-03 at block 385,251,927, nothing can
 * be sent or received there, and mirrored tokens are recovered on BNB Smart Chain with BNB Chain's token-recovery
 * tool (BEP-299; the address comes from the remote config, chain-bnb's official default otherwise).
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { BNB_HALT_DATE, BNB_HALT_HEIGHT, BNB_TOKEN_RECOVERY_URL } from '@secux-companion/chain-bnb';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';

export function RetiredNotice({ archive }: { archive: boolean }) {
  const { t, i18n } = useTranslation();
  const links = useLinks();
  const href = links.bnbTokenRecovery ?? BNB_TOKEN_RECOVERY_URL;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${BNB_HALT_DATE}T00:00:00Z`),
  );
  const height = new Intl.NumberFormat(i18n.language).format(BNB_HALT_HEIGHT);
  return (
    <Alert color="orange" title={t('bnb.retiredTitle')} data-testid="bnb-retired-notice">
      <Text size="sm">{t('bnb.retiredBody', { date, height })}</Text>
      <Text size="sm" mt="xs">
        {t('bnb.noSendReceive')}
      </Text>
      <Text size="sm" mt="xs">
        {archive ? t('bnb.archiveNote') : t('bnb.noArchive')}
      </Text>
      <Anchor
        href={href}
        {...EXTERNAL_LINK_PROPS}
        size="sm"
        mt="xs"
        display="inline-block"
        data-testid="bnb-recovery-link"
      >
        {t('bnb.recoveryLink')}
      </Anchor>
    </Alert>
  );
}
