import { AppShell } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useBlocker, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from './components/FullScreenLoader';
import { otpRequest, useRuntime } from '@secux-companion/web-kit/device/runtime';
import { useStore } from '@secux-companion/web-kit/state/store';
import { session, useSession } from './state/session';
import { TopBar } from './components/TopBar';
import { ConnMethod } from './screens/ConnMethod';
import { NotFound } from './screens/NotFound';
import { useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { familyPages } from '@secux-companion/web-kit/state/families';

// Everything behind the landing page loads on demand, keeping the first load small.
const WalletLayout = lazy(() => import('./screens/WalletLayout'));
const Welcome = lazy(() => import('./screens/Welcome'));
const Receive = lazy(() => import('./screens/Receive'));
const Setting = lazy(() => import('./screens/Setting'));
const AccountList = lazy(() => import('./accounts/AccountList'));
const AccountInformation = lazy(() => import('@secux-companion/web-kit/accounts/AccountInformation'));
// Overlays that only a connection needs load with it.
const OtpModal = lazy(() => import('./components/OtpModal').then((m) => ({ default: m.OtpModal })));
const VirtualScreen = lazy(() =>
  import('./components/VirtualScreen').then((m) => ({ default: m.VirtualScreen })),
);
const UnsupportedModelNotice = lazy(() => import('./firmware/UnsupportedModelNotice'));
const UninitializedWalletNotice = lazy(() =>
  import('./firmware/UnsupportedModelNotice').then((m) => ({ default: m.UninitializedWalletNotice })),
);

/** The root view: top bar, loader, and a guard that swallows the browser's back and forward buttons. */
function RootView() {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  const unsupportedModel = useDeviceInfo((s) => s.unsupportedModel);
  const uninitialized = useDeviceInfo((s) => s.uninitialized);
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
      {uninitialized && (
        <Suspense fallback={null}>
          <UninitializedWalletNotice />
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

/** The routes; built on the first render, once the root has provided the family registry. */
const createRouter = () =>
  createBrowserRouter([
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
            // The families' own pages (FIO's Domain page, EVM's chains area), each its own lazy chunk.
            ...familyPages().map((page) => {
              const Page = lazy(page.load);
              return { path: page.path, element: <Page /> };
            }),
          ],
        },
      ],
    },
    { path: '*', element: <NotFound /> },
  ]);

let router: ReturnType<typeof createRouter> | undefined;

export function App() {
  router ??= createRouter();
  return <RouterProvider router={router} />;
}
