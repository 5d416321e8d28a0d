import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { accountBasePath } from '@secux-companion/core';
import { accountCardAction, type AddedEvmChain } from '@secux-companion/chain-evm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { showAccounts } from '@secux-companion/web-kit/accounts/store';
import { loadFamily } from '@secux-companion/web-kit/state/families';
import type { EvmAccount } from '../tab/account';
import { AddChainModal } from './AddChainModal';
import { addAccountTo, addChain, chainOf, deleteChainAccount } from './addedChains';
import { ChainCard } from './ChainCard';
import { ChainUnavailableModal, NoChains } from './ChainsNotices';
import { useAddedChains } from './useAddedChains';

/** An added chain's accounts as the shared account page shows them. */
function accountsOf(scope: string, c: AddedEvmChain): EvmAccount[] {
  return c.accounts.map((a): EvmAccount => {
    const path = accountBasePath(44, 60, a.index);
    return {
      id: `${scope}:${path}`,
      index: a.index,
      bip: 44,
      path,
      address: a.address,
      name: a.name,
      balance: a.balance,
      pending: 0n,
      txCount: 0,
    };
  });
}

/** The EVM chains area: added chains with their account cards, Add EVM chains, Refresh. */
export default function EvmChainsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { chains, busy, failure, refresh, act } = useAddedChains();
  const [adding, setAdding] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  const open = (c: AddedEvmChain, index: number) => {
    if (accountCardAction(c).open === 'dialog') return setUnavailable(true);
    const scope = `EVM-${c.chainId}`;
    const accounts = accountsOf(scope, c);
    // The shared account page with the EVM family (its module loads on demand).
    void loadFamily('EVM').then((family) => {
      showAccounts(scope, family, chainOf(c), accounts, accounts.find((a) => a.index === index)?.id ?? null);
      void navigate(ROUTES.evmaccount);
    });
  };

  return (
    <Container py="lg" size="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h3">
            {t('evm.title')}
          </Title>
          <Group>
            <Button
              variant="light"
              onClick={() => void refresh()}
              loading={busy}
              data-testid="evm-chains-refresh"
            >
              {t('accounts.refresh')}
            </Button>
            <Button onClick={() => setAdding(true)} data-testid="evm-add-chain">
              {t('evm.addChain')}
            </Button>
          </Group>
        </Group>
        {failure && (
          <Alert color="red" role="alert" data-testid="evm-chains-error">
            {failure}
          </Alert>
        )}
        {chains.length === 0 && <NoChains />}
        {chains.map((c) => (
          <ChainCard
            key={c.chainId}
            chain={c}
            busy={busy}
            onAddAccount={() => void act(() => addAccountTo(c.chainId))}
            onOpen={(index) => open(c, index)}
            onDelete={(index) => void act(() => deleteChainAccount(c.chainId, index))}
          />
        ))}
      </Stack>
      {adding && (
        <AddChainModal
          added={chains.map((c) => c.chainId)}
          onClose={() => setAdding(false)}
          onAdd={async (entry, rpcs) => {
            await act(async () => {
              const next = await addChain(entry, rpcs);
              setAdding(false);
              void refresh(next);
              return next;
            });
          }}
        />
      )}
      {unavailable && <ChainUnavailableModal onClose={() => setUnavailable(false)} />}
    </Container>
  );
}
