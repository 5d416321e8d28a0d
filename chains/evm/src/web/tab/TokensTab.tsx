import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  filterTokens,
  normalizeContractInput,
  showTokenRedDot,
  type HeldToken,
  type TokenMetadata,
} from '@secux-companion/chain-evm';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '@secux-companion/web-kit/components/CoinIcon';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { errorText, tokenAmountText, unitFiatText } from '@secux-companion/web-kit/lib/format';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { WALLET_STORAGE_KEYS } from '@secux-companion/web-kit/state/walletStorage';
import {
  deviceTokens,
  enabledTokenBalances,
  fetchTokenPrices,
  mergeKnown,
  readTokenSettings,
  showFoundToken,
  toggleToken,
  unshownHeldTokens,
  writeTokenSettings,
  type AccountToken,
  type TokenSettings,
} from './tokens';

export const tokenKeys = {
  balances: (id: string) => ['evm-token-balances', id] as const,
};

/** Enabled tokens with balances (shared by the tab and the send modal's token selector). */
export function useAccountTokens(chain: EvmChain, account: EvmAccount) {
  const [settings, setSettingsState] = useState<TokenSettings>(() =>
    readTokenSettings(chain.spec.chainId, account.address),
  );
  const setSettings = (s: TokenSettings) => {
    writeTokenSettings(chain.spec.chainId, account.address, s);
    setSettingsState(s);
  };
  const device = useQuery({
    queryKey: ['evm-device-tokens', account.id],
    queryFn: () => deviceTokens(chain, account),
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!device.data) return;
    const merged = mergeKnown(readTokenSettings(chain.spec.chainId, account.address), device.data);
    writeTokenSettings(chain.spec.chainId, account.address, merged);
    setSettingsState(merged);
  }, [device.data, chain, account.address]);
  const balances = useQuery({
    queryKey: [...tokenKeys.balances(account.id), settings.enabled.join(',')],
    queryFn: async (): Promise<AccountToken[]> => {
      const tokens = await enabledTokenBalances(chain, account, settings);
      const prices = await fetchTokenPrices(
        chain,
        tokens.map((x) => x.contract),
        selectedCurrency().code,
      );
      return tokens.map((x) => ({ ...x, price: prices.get(x.contract.toLowerCase()) ?? null }));
    },
    staleTime: 0,
  });
  // Token discovery (spec 02 "bsc_token_list"): the server's list of the chain, the tokens this account holds.
  const listed = useQuery({
    queryKey: ['evm-listed-tokens', account.id],
    queryFn: () => chain.adapter.discoverListedTokens(account.address),
    staleTime: 60_000,
    retry: false,
  });
  const found = unshownHeldTokens(listed.data ?? [], settings);
  return {
    settings,
    setSettings,
    deviceCount: device.data?.length ?? 0,
    tokens: balances.data ?? [],
    balances,
    found,
  };
}

export function tokenRedDot(deviceCount: number, settings: TokenSettings): boolean {
  return showTokenRedDot(deviceCount, settings.enabled.length);
}

/** Tokens tab: enabled tokens with balance and fiat value, Send per token, Manage tokens. */
export function TokensTab({
  chain,
  account,
  state,
  onSend,
}: {
  chain: EvmChain;
  account: EvmAccount;
  state: ReturnType<typeof useAccountTokens>;
  onSend: (contract: string) => void;
}) {
  const { t } = useTranslation();
  const [managing, setManaging] = useState(false);
  const [tutorialHidden, setTutorialHidden] = useState(() => {
    try {
      return localStorage.getItem(WALLET_STORAGE_KEYS.tokenTutorialHidden) === '1';
    } catch {
      return false;
    }
  });
  const { tokens, balances, settings } = state;

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>
          {t('tokens.title', {
            standard:
              chain.spec.symbol === 'BSC' || chain.spec.symbol === 'TBSC'
                ? 'BEP-20'
                : chain.spec.symbol === 'XDC'
                  ? 'XDC-20'
                  : 'ERC-20',
          })}
        </Text>
        <Button variant="light" onClick={() => setManaging(true)} data-testid="tokens-manage">
          {t('tokens.manage')}
        </Button>
      </Group>
      {settings.enabled.length === 0 && !tutorialHidden && (
        <Paper withBorder p="md" data-testid="tokens-tutorial">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text>{t('tokens.tutorial')}</Text>
            <CloseButton
              aria-label={t('tokens.tutorialHide')}
              onClick={() => {
                try {
                  localStorage.setItem(WALLET_STORAGE_KEYS.tokenTutorialHidden, '1');
                } catch {
                  // not persisted
                }
                setTutorialHidden(true);
              }}
              data-testid="tokens-tutorial-hide"
            />
          </Group>
        </Paper>
      )}
      {balances.isPending && settings.enabled.length > 0 && (
        <Loader size="sm" aria-label={t('accounts.loading')} />
      )}
      {balances.isError && <Alert color="yellow">{t('errors.tokenBalanceFetchFailed')}</Alert>}
      <Stack gap="xs" role="list" data-testid="token-list">
        {tokens.map((x) => {
          const fiat = unitFiatText(x.balance, x, x.price);
          return (
            <Paper
              withBorder
              p="sm"
              key={x.contract}
              role="listitem"
              data-testid="token-item"
              data-contract={x.contract}
              data-balance={x.balance.toString()}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {/* Bundled icon by symbol (a known token) or the neutral one: never an image from another site. */}
                  <CoinIcon symbol={x.symbol} />
                  <TokenNameBalance token={x} balanceTestId="token-balance">
                    <Text size="xs" c="dimmed">
                      {fiat ?? t('errors.priceNotAvailable')}
                    </Text>
                  </TokenNameBalance>
                </Group>
                <Button
                  size="xs"
                  onClick={() => onSend(x.contract)}
                  data-testid="token-send"
                  aria-label={t('tokens.sendToken', { symbol: x.symbol })}
                >
                  {t('accounts.send')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {state.found.length > 0 && <FoundTokens chain={chain} account={account} state={state} />}
      {managing && (
        <ManageTokensModal chain={chain} account={account} state={state} onClose={() => setManaging(false)} />
      )}
    </Stack>
  );
}

/** A token's name over its balance ('1.5 ABC'), plus what the caller adds below. */
function TokenNameBalance({
  token,
  balanceTestId,
  children,
}: {
  token: AccountToken | HeldToken;
  balanceTestId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} truncate="end">
        {token.name}
      </Text>
      <Text size="sm" data-testid={balanceTestId}>
        {tokenAmountText(token.balance, token)}
      </Text>
      {children}
    </Stack>
  );
}

/** Tokens of the server's list this account holds but does not show yet, each with a Show button. */
function FoundTokens({
  chain,
  account,
  state,
}: {
  chain: EvmChain;
  account: EvmAccount;
  state: ReturnType<typeof useAccountTokens>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const show = async (token: TokenMetadata) => {
    setBusy(token.contract);
    setFailure(null);
    try {
      state.setSettings(await showFoundToken(chain, account, state.settings, token));
      void state.balances.refetch();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="tokens-found">
      <Stack gap="xs">
        <Text fw={600}>{t('tokens.found')}</Text>
        <Text size="sm" c="dimmed">
          {t('tokens.foundHint')}
        </Text>
        <Stack gap="xs" role="list">
          {state.found.map((x) => (
            <Group
              key={x.contract}
              justify="space-between"
              wrap="nowrap"
              role="listitem"
              data-testid="token-found"
              data-contract={x.contract}
              data-balance={x.balance.toString()}
            >
              <TokenNameBalance token={x} balanceTestId="token-found-balance" />
              <Button
                size="xs"
                variant="light"
                loading={busy === x.contract}
                disabled={busy !== null}
                onClick={() => void show(x)}
                aria-label={t('tokens.toggle', { symbol: x.symbol })}
                data-testid="token-found-show"
              >
                {t('tokens.show')}
              </Button>
            </Group>
          ))}
        </Stack>
        {failure && (
          <Alert color="red" role="alert" data-testid="tokens-found-error">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ManageTokensModal({
  chain,
  account,
  state,
  onClose,
}: {
  chain: EvmChain;
  account: EvmAccount;
  state: ReturnType<typeof useAccountTokens>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(state.settings.known.length === 0);
  const { settings, setSettings } = state;
  const enabled = (c: string) => settings.enabled.some((e) => e.toLowerCase() === c.toLowerCase());

  const toggle = async (token: TokenMetadata) => {
    setBusy(token.contract);
    setFailure(null);
    try {
      setSettings(await toggleToken(chain, account, settings, token));
      void state.balances.refetch();
    } catch (e) {
      setFailure(errorText(t, e)); // the switch keeps its old state
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened onClose={onClose} size={size} title={t('tokens.manage')}>
      {adding ? (
        <AddToken
          chain={chain}
          existing={settings.known.map((k) => k.contract)}
          onCancel={() => setAdding(false)}
          onAdded={(token) => {
            const next = { known: [...settings.known, token], enabled: settings.enabled };
            setSettings(next);
            setAdding(false);
          }}
        />
      ) : (
        <Stack>
          <TextInput
            label={t('tokens.search')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            data-testid="tokens-search"
          />
          <Stack gap="xs">
            {filterTokens(settings.known, query).map((k) => (
              <Group
                key={k.contract}
                justify="space-between"
                wrap="nowrap"
                data-testid="token-row"
                data-contract={k.contract}
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {`${k.name} (${k.symbol})`}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                    {k.contract}
                  </Text>
                </Stack>
                <Switch
                  checked={enabled(k.contract)}
                  disabled={busy !== null}
                  onChange={() => void toggle(k)}
                  aria-label={t('tokens.toggle', { symbol: k.symbol })}
                  data-testid="token-switch"
                />
              </Group>
            ))}
          </Stack>
          {failure && (
            <Alert color="red" role="alert" data-testid="tokens-error">
              {failure}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="light" onClick={() => setAdding(true)} data-testid="tokens-add">
              {t('tokens.add')}
            </Button>
            <Button onClick={onClose} loading={busy !== null} data-testid="tokens-done">
              {t('tokens.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Add a token by contract: 0x + 42 characters, then name, symbol and decimals are looked up. */
function AddToken({
  chain,
  existing,
  onCancel,
  onAdded,
}: {
  chain: EvmChain;
  existing: readonly string[];
  onCancel: () => void;
  onAdded: (t: TokenMetadata) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const contract = normalizeContractInput(chain.spec.symbol, text);
  const complete = contract.startsWith('0x') && contract.length === 42;
  const lookup = useQuery({
    queryKey: ['evm-token-lookup', chain.spec.chainId, contract.toLowerCase(), existing.join(',')],
    queryFn: () => chain.adapter.lookupToken(contract, existing),
    enabled: complete,
    retry: false,
    staleTime: 60_000,
  });
  const invalidFormat = contract.length > 42 || (contract.length === 42 && !complete);
  return (
    <Stack>
      <TextInput
        label={t('tokens.contract')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        error={
          invalidFormat
            ? t('errors.invalidTokenContract')
            : lookup.isError
              ? errorText(t, lookup.error)
              : undefined
        }
        data-testid="token-contract"
      />
      {lookup.isFetching && <Loader size="sm" aria-label={t('accounts.loading')} />}
      {lookup.data && (
        <Stack gap={2} data-testid="token-lookup">
          {(['name', 'symbol', 'decimals'] as const).map((field) => (
            <Text key={field}>
              <Badge variant="light" mr="xs">
                {t(`tokens.${field}`)}
              </Badge>
              <span data-testid={`token-lookup-${field}`}>{lookup.data[field]}</span>
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!lookup.data}
          onClick={() => lookup.data && onAdded(lookup.data)}
          data-testid="token-add-confirm"
        >
          {t('tokens.addConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}
