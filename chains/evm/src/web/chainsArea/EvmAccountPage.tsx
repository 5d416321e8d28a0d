import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { AccountPage } from '@secux-companion/web-kit/accounts/AccountInformation';
import { useAccounts } from '@secux-companion/web-kit/accounts/store';
import { Navigate } from 'react-router-dom';

/** evmaccount: one account of a chain the user added (opened from the EVM chains area), on the shared account page. */
export default function EvmAccountPage() {
  const added = useAccounts((s) => !!s.scope?.startsWith('EVM-'));
  if (!added) return <Navigate to={ROUTES.evmChains} replace />;
  return <AccountPage backTo={ROUTES.evmChains} />;
}
