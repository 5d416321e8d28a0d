import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { families } from './families/registry';
import { texts } from 'virtual:families';
import { i18next, initI18n, provideTexts } from '@secux-companion/web-kit/i18n';
import { applyBrowserGate } from './lib/browserGate';
import { provideFamilies } from '@secux-companion/web-kit/state/families';
import { onToast } from '@secux-companion/web-kit/lib/toast';
import { cssVariablesResolver, theme } from '@secux-companion/web-kit/theme';

// The root composes the app: the shared screens reach the families only through what it provides.
provideFamilies(families);
provideTexts(texts);
// The shared screens' toasts (copy feedback, a blocked delete …) show as the app's notifications.
// Its close button is named (axe button-name), in the language shown.
onToast(({ message, color, autoClose }) =>
  notifications.show({
    message,
    color,
    autoClose,
    closeButtonProps: { 'aria-label': i18next.t('a11y.close') },
    'data-testid': 'toast',
  }),
);

const i18n = await initI18n();

if (applyBrowserGate(window, (key) => i18n.t(key))) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <Notifications position="top-center" />
        <App />
      </MantineProvider>
    </StrictMode>,
  );
}
