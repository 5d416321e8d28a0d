import { AppShell } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useBlocker, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from './components/FullScreenLoader';
import { otpRequest, useRuntime } from './device/runtime';
import { useStore } from './state/store';
import { session, useSession } from './state/session';
import { TopBar } from './components/TopBar';
import { ConnMethod } from './screens/ConnMethod';
import { NotFound } from './screens/NotFound';
import { useDeviceInfo } from './state/deviceInfo';

// Everything behind the landing page loads on demand, keeping the first load small.
const WalletLayout = lazy(() => import('./screens/WalletLayout'));
const Welcome = lazy(() => import('./screens/Welcome'));
const Receive = lazy(() => import('./screens/Receive'));
const Setting = lazy(() => import('./screens/Setting'));
const AccountList = lazy(() => import('./accounts/AccountList'));
const AccountInformation = lazy(() => import('./accounts/AccountInformation'));
const EvmChainsPage = lazy(() => import('./evmChains/EvmChainsPage'));
const DomainPage = lazy(() => import('./families/fio/domain/DomainPage'));
const EvmAccountPage = lazy(() => import('./evmChains/EvmAccountPage'));
// Overlays that only a connection needs load with it.
const OtpModal = lazy(() => import('./components/OtpModal').then((m) => ({ default: m.OtpModal })));
const VirtualScreen = lazy(() => import('./components/VirtualScreen').then((m) => ({ default: m.VirtualScreen })));
const UnsupportedModelNotice = lazy(() => import('./firmware/UnsupportedModelNotice'));

/** The root view: top bar, loader, and a guard that swallows the browser's back and forward buttons. */
function RootView() {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  const unsupportedModel = useDeviceInfo((s) => s.unsupportedModel);
  const otpOpen = useStore(otpRequest, (s) => s.open);
  const emulatorInUse = useRuntime((r) => r.emulator !== null);
  const navigate = useNavigate();
  const routeIntent = useSession((s) => s.routeIntent);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  // The device layer hands back where to go; the app navigates.
  useEffect(() => {
    if (!routeIntent) return;
    session.set({ routeIntent: null });
    void navigate(routeIntent.to, routeIntent.replace ? { replace: true } : {});
  }, [routeIntent, navigate]);
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
      {otpOpen && (
        <Suspense fallback={null}>
          <OtpModal />
        </Suspense>
      )}
      {unsupportedModel && (
        <Suspense fallback={null}>
          <UnsupportedModelNotice />
        </Suspense>
      )}
      {__EMULATOR_ENABLED__ && emulatorInUse && (
        <Suspense fallback={null}>
          <VirtualScreen />
        </Suspense>
      )}
    </AppShell>
  );
}

const router = createBrowserRouter([
  {
    element: <RootView />,
    children: [
      { path: '/', element: <ConnMethod /> },
      {
        path: '/wallet',
        element: <WalletLayout />,
        children: [
          { index: true, element: <Welcome /> },
          { path: 'account', element: <AccountList /> },
          { path: 'account/information', element: <AccountInformation /> },
          { path: 'receive', element: <Receive /> },
          { path: 'setting', element: <Setting /> },
          { path: 'domain', element: <DomainPage /> },
          { path: 'evm-chains', element: <EvmChainsPage /> },
          { path: 'evm-chains/account', element: <EvmAccountPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
