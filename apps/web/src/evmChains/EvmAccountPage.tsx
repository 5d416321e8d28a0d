import { ROUTES } from '../lib/backRule';
import { AccountPage } from '../accounts/AccountInformation';
import { useAccounts } from '../accounts/store';
import { Navigate } from 'react-router-dom';

/** evmaccount: one account of a chain the user added (opened from the EVM chains area), on the shared account page. */
export default function EvmAccountPage() {
  const added = useAccounts((s) => !!s.scope?.startsWith('EVM-'));
  if (!added) return <Navigate to={ROUTES.evmChains} replace />;
  return <AccountPage backTo={ROUTES.evmChains} />;
}
