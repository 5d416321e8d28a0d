import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { queryClient } from '../state/queryClient';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { useSession } from '../state/session';

/** Parent of the wallet's children: without a connection method or device, go to landing. */
export default function WalletLayout() {
  const method = useSession((s) => s.method);
  const connected = useSession((s) => s.connected);
  const bootloader = useSession((s) => s.bootloader);
  if (!method || (!connected && !bootloader)) return <Navigate to={ROUTES.ConnMethod} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
