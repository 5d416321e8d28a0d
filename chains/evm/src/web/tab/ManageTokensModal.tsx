import { Alert, Badge, Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { filterTokens, normalizeContractInput, type TokenMetadata } from '@secux-companion/chain-evm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { errorText } from '@secux-companion/web-kit/lib/format';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { removeToken, toggleToken } from './tokens';
import type { useAccountTokens } from './useAccountTokens';

export function ManageTokensModal({
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
  // The token whose removal is being confirmed.
  const [removing, setRemoving] = useState<TokenMetadata | null>(null);
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

  // Remove (spec 01 §2 "Manage-tokens modal with delete"): off the device if it is there, then off the list; with no
  // token left, the add-token form opens.
  const remove = async (token: TokenMetadata) => {
    setBusy(token.contract);
    setFailure(null);
    try {
      const next = await removeToken(chain, account, settings, token, state.onDevice(token.contract));
      setSettings(next);
      state.refetchDevice();
      void state.balances.refetch();
      if (next.known.length === 0) setAdding(true);
    } catch (e) {
      setFailure(errorText(t, e)); // the token stays listed
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  };

  return (
    <Modal opened onClose={onClose} size={size} title={t('tokens.manage')}>
      {removing && (
        <RemoveTokenConfirm
          token={removing}
          busy={busy !== null}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
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
                <Group gap="xs" wrap="nowrap">
                  <Switch
                    checked={enabled(k.contract)}
                    disabled={busy !== null}
                    onChange={() => void toggle(k)}
                    aria-label={t('tokens.toggle', { symbol: k.symbol })}
                    data-testid="token-switch"
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={busy !== null}
                    onClick={() => setRemoving(k)}
                    aria-label={t('tokens.removeLabel', { symbol: k.symbol })}
                    data-testid="token-remove"
                  >
                    {t('tokens.remove')}
                  </Button>
                </Group>
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

/**
 * Asks before a token leaves the list (and the device). Above the Manage-tokens modal; the focus stays inside it and
 * returns to the Remove button when it closes. The token's symbol and name are rendered as text.
 */
function RemoveTokenConfirm({
  token,
  busy,
  onCancel,
  onConfirm,
}: {
  token: TokenMetadata;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onCancel}
      title={t('tokens.removeTitle', { symbol: token.symbol })}
      zIndex={400}
      data-testid="token-remove-confirm"
    >
      <Stack>
        <Text>{t('tokens.removeText', { name: token.name, symbol: token.symbol })}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {token.contract}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy} data-testid="token-remove-cancel">
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-testid="token-remove-ok">
            {t('tokens.removeConfirm')}
          </Button>
        </Group>
      </Stack>
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
