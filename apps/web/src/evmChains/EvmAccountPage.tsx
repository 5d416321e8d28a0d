import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { EvmAccountInformation } from './EvmAccountInformation';
import { selectedEvmAccount, useEvm } from './store';

/** evmaccount: one account of a chain the user added (opened from the EVM chains area). */
export default function EvmAccountPage() {
  const navigate = useNavigate();
  const account = useEvm((s) => (s.scope?.startsWith('EVM-') ? selectedEvmAccount(s) : undefined));
  const chain = useEvm((s) => (s.scope?.startsWith('EVM-') ? s.chain : null));
  if (!account || !chain) return <Navigate to={ROUTES.evmChains} replace />;
  return (
    <EvmAccountInformation
      key={account.id}
      chain={chain}
      account={account}
      price={null}
      currencySymbol=""
      showExplorer
      afterSend={() => void navigate(ROUTES.evmChains)}
    />
  );
}

