import { AppShell } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useBlocker } from 'react-router-dom';
import { FullScreenLoader } from './components/FullScreenLoader';
import { OtpModal } from './components/OtpModal';
import { VirtualScreen } from './components/VirtualScreen';
import { TopBar } from './components/TopBar';
import { ConnMethod } from './screens/ConnMethod';
import { NotFound } from './screens/NotFound';
import { useDeviceInfo } from './state/deviceInfo';

// Everything behind the landing page loads on demand, keeping the first load small.
const WalletLayout = lazy(() => import('./screens/WalletLayout'));
const Placeholder = lazy(() => import('./screens/Placeholder'));
const Welcome = lazy(() => import('./screens/Welcome'));
const Receive = lazy(() => import('./screens/Receive'));
const Setting = lazy(() => import('./screens/Setting'));
const UnsupportedModelNotice = lazy(() => import('./firmware/UnsupportedModelNotice'));

/** The root view: top bar, loader, and a guard that swallows the browser's back and forward buttons. */
function RootView() {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  const unsupportedModel = useDeviceInfo((s) => s.unsupportedModel);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <FullScreenLoader />
      <OtpModal />
      {unsupportedModel && (
        <Suspense fallback={null}>
          <UnsupportedModelNotice />
        </Suspense>
      )}
      {__EMULATOR_ENABLED__ && <VirtualScreen />}
    </AppShell>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootView />,
    children: [
      { path: '/', element: <ConnMethod /> },
      {
        path: '/wallet',
        element: <WalletLayout />,
        children: [
          { index: true, element: <Welcome /> },
          { path: 'account', element: <Placeholder titleKey="wallet.accounts" /> },
          { path: 'account/information', element: <Placeholder titleKey="wallet.accountInformation" /> },
          { path: 'receive', element: <Receive /> },
          { path: 'setting', element: <Setting /> },
          { path: 'domain', element: <Placeholder titleKey="wallet.domain" /> },
          { path: 'evm-chains', element: <Placeholder titleKey="wallet.evmChains" /> },
          { path: 'evm-chains/account', element: <Placeholder titleKey="wallet.evmAccount" /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
