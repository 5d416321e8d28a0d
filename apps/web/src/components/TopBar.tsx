import { ActionIcon, Anchor, Burger, Group, Menu, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
import { SMALL_SCREEN_MAX } from '@secux-companion/web-kit/components/useModalSize';
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
  // Below the small-screen breakpoint the links fold into a menu behind a burger (360 px phones, long pt labels).
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX - 1}px)`, window.innerWidth < SMALL_SCREEN_MAX);
  const [menuOpen, setMenuOpen] = useState(false);

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
      <Group gap="sm" wrap="nowrap" component="nav" aria-label={t('topbar.nav')} style={{ minWidth: 0 }}>
        {!small && connected && (
          <Anchor component={Link} to={ROUTES.Domain} data-testid="domain-link">
            {t('topbar.domain')}
          </Anchor>
        )}
        {!small && (
          <Anchor component="button" type="button" onClick={() => setNewsOpen(true)} data-testid="news-link">
            {t('topbar.news')}
          </Anchor>
        )}
        {!small && links.help && (
          <Anchor href={links.help} {...EXTERNAL_LINK_PROPS} data-testid="help-link">
            {t('topbar.help')}
          </Anchor>
        )}
        {!connected && (
          <NativeSelect
            aria-label={t('topbar.language')}
            data-testid="language-select"
            w={small ? 120 : 140}
            value={i18n.language}
            onChange={(e) => void setLanguage(e.currentTarget.value as Language)}
            data={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
        )}
        {!small && connected && (
          <Anchor component={Link} to={ROUTES.Setting} data-testid="settings-link">
            {t('topbar.settings')}
          </Anchor>
        )}
        {small && (
          <Menu
            opened={menuOpen}
            onChange={setMenuOpen}
            position="bottom-end"
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <Burger opened={menuOpen} size="sm" aria-label={t('topbar.menu')} data-testid="topbar-menu" />
            </Menu.Target>
            <Menu.Dropdown data-testid="topbar-menu-dropdown">
              {connected && (
                <Menu.Item onClick={() => navigate(ROUTES.Domain)} data-testid="domain-link">
                  {t('topbar.domain')}
                </Menu.Item>
              )}
              <Menu.Item onClick={() => setNewsOpen(true)} data-testid="news-link">
                {t('topbar.news')}
              </Menu.Item>
              {links.help && (
                <Menu.Item component="a" href={links.help} {...EXTERNAL_LINK_PROPS} data-testid="help-link">
                  {t('topbar.help')}
                </Menu.Item>
              )}
              {connected && (
                <Menu.Item onClick={() => navigate(ROUTES.Setting)} data-testid="settings-link">
                  {t('topbar.settings')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
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
