import { ActionIcon, Anchor, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { SUPPORTED_LANGUAGES, type Language } from '@secux-companion/web-kit/i18n/language';
import {
  backAction,
  backVisible,
  logoTarget,
  ROUTES,
  routeNameOf,
} from '@secux-companion/web-kit/lib/backRule';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';
import { session, useSession } from '../state/session';

/** News read in the app; loaded when first opened (the landing page stays light). */
const NewsModal = lazy(() => import('../home/NewsModal'));

export function TopBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const connected = useSession((s) => s.connected);
  const bootloader = useSession((s) => s.bootloader);
  const updatePending = useSession((s) => s.updatePending);
  const route = routeNameOf(location.pathname);
  const ctx = { route, connected, bootloader, updatePending };
  const logoTo = logoTarget(route);
  const [newsOpen, setNewsOpen] = useState(false);
  const links = useLinks();

  const onBack = () => {
    const action = backAction(ctx);
    if (action.kind === 'reloadToLanding') {
      window.location.assign(ROUTES.ConnMethod);
      return;
    }
    if (action.resetSettingsTab) session.set({ settingsTab: 'general' });
    navigate(action.to);
  };

  return (
    <Group component="header" justify="space-between" px="md" h={56} wrap="nowrap" className="topbar">
      <Group gap="sm" wrap="nowrap">
        {backVisible(ctx) && (
          <ActionIcon
            variant="subtle"
            onClick={onBack}
            aria-label={t('topbar.back')}
            data-testid="back-button"
          >
            <span aria-hidden="true">←</span>
          </ActionIcon>
        )}
        <UnstyledButton
          onClick={() => logoTo && navigate(logoTo)}
          aria-label={t('topbar.home')}
          disabled={!logoTo}
          data-testid="logo"
        >
          <img src="/logo.svg" alt="" width={28} height={28} />
        </UnstyledButton>
        <Text fw={700} data-testid="product-name" visibleFrom="xs">
          {t('app.name')}
        </Text>
      </Group>
      {/* Narrow screens (360 px): the links tighten and, if they still do not fit, scroll on their own. */}
      <Group gap="sm" wrap="nowrap" component="nav" style={{ minWidth: 0, overflowX: 'auto' }}>
        {connected && (
          <Anchor component={Link} to={ROUTES.Domain}>
            {t('topbar.domain')}
          </Anchor>
        )}
        <Anchor component="button" type="button" onClick={() => setNewsOpen(true)} data-testid="news-link">
          {t('topbar.news')}
        </Anchor>
        {links.help && (
          <Anchor href={links.help} {...EXTERNAL_LINK_PROPS} data-testid="help-link">
            {t('topbar.help')}
          </Anchor>
        )}
        {!connected && (
          <NativeSelect
            aria-label={t('topbar.language')}
            data-testid="language-select"
            w={140}
            value={i18n.language}
            onChange={(e) => void setLanguage(e.currentTarget.value as Language)}
            data={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
        )}
        {connected && (
          <Anchor component={Link} to={ROUTES.Setting} data-testid="settings-link">
            {t('topbar.settings')}
          </Anchor>
        )}
      </Group>
      {newsOpen && (
        <Suspense fallback={null}>
          <NewsModal opened onClose={() => setNewsOpen(false)} />
        </Suspense>
      )}
    </Group>
  );
}
