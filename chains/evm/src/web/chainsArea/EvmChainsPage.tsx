import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { accountBasePath } from '@secux-companion/core';
import { accountCardAction, accountNumber, type AddedEvmChain } from '@secux-companion/chain-evm';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { deleteBlockIssue, showDeleteBlocked } from '@secux-companion/web-kit/accounts/AccountForm';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';
import { showAccounts } from '@secux-companion/web-kit/accounts/store';
import { loadFamily } from '@secux-companion/web-kit/state/families';
import type { EvmAccount } from '../tab/account';
import { evmCoinText } from '../tab/format';
import {
  addAccountTo,
  addChain,
  chainOf,
  deleteChainAccount,
  fetchChainRegistry,
  isUsableRpc,
  readAddedChains,
  recoverAddedChains,
  refreshChain,
  writeAddedChains,
  type RegistryChain,
} from './addedChains';

interface ChainsTask {
  (): Promise<AddedEvmChain[]>;
}
interface AddChainHandler {
  (entry: RegistryChain, rpcs: string[]): Promise<void>;
}

/**
 * A chain's logo from the chain registry, served by our own server (GET /api/evm/chains/:id/logo: raster only,
 * size-capped; no third-party request from the browser). Decorative: the chain's name is next to it. Without a logo
 * (404) or when it fails to load, the first letters of the coin show instead.
 */
export function ChainLogo({ chainId, coin }: { chainId: number; coin: string }) {
  return (
    <Avatar
      src={`/api/evm/chains/${chainId}/logo`}
      alt=""
      color="grape"
      radius="xl"
      aria-hidden="true"
      data-testid="evm-chain-logo"
    >
      {coin.slice(0, 3)}
    </Avatar>
  );
}

/** The EVM chains area: added chains with their account cards, Add EVM chains, Refresh. */
export default function EvmChainsPage() {
  const { t } = useTranslation();
  const links = useLinks();
  const navigate = useNavigate();
  const [chains, setChains] = useState<AddedEvmChain[]>(() => readAddedChains());
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  const refresh = async (list = readAddedChains()) => {
    setBusy(true);
    try {
      const refreshed = await Promise.all(list.map(refreshChain));
      // Merged into what is stored now: a chain or account added meanwhile is kept.
      const merged = readAddedChains().map((c) => {
        const r = refreshed.find((x) => x.chainId === c.chainId);
        if (!r) return c;
        return {
          ...c,
          hasValidRpc: r.hasValidRpc,
          accounts: c.accounts.map((a) => ({
            ...a,
            balance: r.accounts.find((x) => x.index === a.index)?.balance ?? a.balance,
          })),
        };
      });
      writeAddedChains(merged);
      setChains(merged);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    // Chains and accounts found on the device join the list, then balances are read through each chain's RPCs.
    recoverAddedChains()
      .catch((e: unknown) => {
        console.warn('EVM chain recovery failed', e);
        return readAddedChains();
      })
      .then((list) => refresh(list))
      .catch((e: unknown) => console.warn('refresh failed', e));
  }, []);

  const act = async (f: ChainsTask) => {
    setFailure(null);
    setBusy(true);
    try {
      const next = await f();
      setChains(
        next.map((c) => ({
          ...c,
          hasValidRpc: chains.find((x) => x.chainId === c.chainId)?.hasValidRpc ?? true,
        })),
      );
    } catch (e) {
      // A refused delete: 'Can not delete an active account' is a toast (spec 01 §6), err-11 an alert.
      const blocked = deleteBlockIssue(e);
      if (blocked) showDeleteBlocked(t, blocked);
      else setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const open = (c: AddedEvmChain, index: number) => {
    if (accountCardAction(c).open === 'dialog') return setUnavailable(true);
    const scope = `EVM-${c.chainId}`;
    const accounts = c.accounts.map((a): EvmAccount => {
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
        {chains.length === 0 && (
          <Alert data-testid="evm-chains-empty">
            <Stack gap={4}>
              <Text size="sm">{t('evm.noChains')}</Text>
              {/* The guide to adding accounts, from the remote config (no link while it names none). */}
              {links.guideAddAccount && (
                <Anchor
                  href={links.guideAddAccount}
                  size="sm"
                  {...EXTERNAL_LINK_PROPS}
                  data-testid="evm-chains-help"
                >
                  {t('evm.noChainsHelp')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        {chains.map((c) => {
          const evm = chainOf(c);
          return (
            <Card
              withBorder
              key={c.chainId}
              data-testid="evm-chain"
              data-chain-id={c.chainId}
              data-valid-rpc={c.hasValidRpc}
              component="section"
              aria-label={c.name}
            >
              <Group justify="space-between" mb="sm">
                <Group gap="sm">
                  <ChainLogo chainId={c.chainId} coin={c.coin} />
                  <Stack gap={0}>
                    <Text fw={600}>{c.name}</Text>
                    <Text size="xs" c="dimmed">
                      {c.shortName}
                    </Text>
                  </Stack>
                </Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => void act(() => addAccountTo(c.chainId))}
                  disabled={busy}
                  data-testid="evm-add-account"
                >
                  {t('accounts.create')}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {c.accounts.map((a) => (
                  <Card withBorder key={a.index} data-testid="evm-chain-account" data-index={a.index}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text
                        component="button"
                        type="button"
                        fw={600}
                        onClick={() => open(c, a.index)}
                        style={{
                          background: 'none',
                          border: 0,
                          padding: 0,
                          cursor: 'pointer',
                          textAlign: 'left',
                        }}
                        data-testid="evm-chain-account-open"
                      >
                        {a.name}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('accounts.delete')}
                        onClick={() => void act(() => deleteChainAccount(c.chainId, a.index))}
                        data-testid="evm-chain-account-delete"
                      >
                        <span aria-hidden="true">🗑</span>
                      </ActionIcon>
                    </Group>
                    <Text size="xs" c="dimmed">{`#${accountNumber(a)}`}</Text>
                    <Text size="sm" data-testid="evm-chain-account-balance">
                      {evmCoinText(a.balance, evm)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Card>
          );
        })}
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
      {unavailable && (
        <Modal opened onClose={() => setUnavailable(false)} title={t('evm.title')}>
          <Stack>
            <Text role="alert" data-testid="evm-chain-unavailable">
              {t('errors.chainInfoUnavailable')}
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => setUnavailable(false)}>{t('common.ok')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Container>
  );
}

/** Add-chain modal: searchable chain list; RPC, chain ID and currency symbol of the selection; unsupported chains. */
function AddChainModal({
  added,
  onClose,
  onAdd,
}: {
  added: number[];
  onClose: () => void;
  onAdd: AddChainHandler;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const registry = useQuery({
    queryKey: ['evm-chain-registry'],
    queryFn: fetchChainRegistry,
    staleTime: 60_000,
    retry: 1,
  });
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<RegistryChain | null>(null);
  const [rpcText, setRpcText] = useState('');
  const [saving, setSaving] = useState(false);
  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (registry.data?.chains ?? []).filter(
      (c) =>
        !q ||
        c.name.toLowerCase().includes(q) ||
        String(c.chainId) === q ||
        c.nativeCurrency.symbol.toLowerCase().includes(q),
    );
  }, [registry.data, query]);
  const rpcs = rpcText
    .split(/\s+/)
    .map((r) => r.trim())
    .filter(Boolean);
  const rpcsValid = rpcs.length > 0 && rpcs.every(isUsableRpc);
  const duplicate = !!selected && added.includes(selected.chainId);

  return (
    <Modal opened onClose={onClose} size={size} title={t('evm.addChainTitle')}>
      <Stack>
        <TextInput
          label={t('evm.searchChains')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="evm-chain-search"
        />
        {registry.isPending && <Loader size="sm" aria-label={t('accounts.loading')} />}
        {registry.isError && <Alert color="red">{t('evm.chainListError')}</Alert>}
        <Stack
          gap={4}
          mah={260}
          style={{ overflowY: 'auto' }}
          role="listbox"
          aria-label={t('evm.searchChains')}
        >
          {list.map((c) => (
            <Button
              key={c.chainId}
              variant={selected?.chainId === c.chainId ? 'filled' : 'subtle'}
              justify="space-between"
              role="option"
              aria-selected={selected?.chainId === c.chainId}
              onClick={() => {
                setSelected(c);
                setRpcText(c.rpcs.join('\n'));
              }}
              data-testid="evm-chain-option"
              data-chain-id={c.chainId}
            >
              {`${c.name} (${c.nativeCurrency.symbol})`}
            </Button>
          ))}
        </Stack>
        {selected && (
          <Stack gap={4} data-testid="evm-chain-selection">
            <Text size="sm">{t('evm.chainId', { id: selected.chainId })}</Text>
            <Text size="sm">{`${t('evm.coinSymbol')}: ${selected.nativeCurrency.symbol}`}</Text>
            <Textarea
              label={t('evm.rpcs')}
              value={rpcText}
              autosize
              minRows={2}
              onChange={(e) => setRpcText(e.currentTarget.value)}
              error={rpcText.trim() && !rpcsValid ? t('evm.invalidRpc') : undefined}
              data-testid="evm-chain-rpcs"
            />
            {duplicate && <Text c="red">{t('evm.duplicateChain')}</Text>}
          </Stack>
        )}
        {!!registry.data?.unsupported.length && (
          <Text size="xs" c="dimmed" data-testid="evm-chain-unsupported">
            {t('evm.unsupported', { chains: registry.data.unsupported.map((u) => u.name).join(', ') })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!selected || !rpcsValid || duplicate}
            loading={saving}
            onClick={() => {
              if (!selected) return;
              setSaving(true);
              void onAdd(selected, rpcs).finally(() => setSaving(false));
            }}
            data-testid="evm-chain-add-confirm"
          >
            {t('evm.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
