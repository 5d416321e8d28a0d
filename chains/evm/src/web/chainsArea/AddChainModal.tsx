import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { fetchChainRegistry, isUsableRpc, type RegistryChain } from './addedChains';

export interface AddChainHandler {
  (entry: RegistryChain, rpcs: string[]): Promise<void>;
}

/** The registry's chains whose name, chain ID or currency symbol match the search. */
function matching(chains: readonly RegistryChain[], query: string): RegistryChain[] {
  const q = query.trim().toLowerCase();
  return chains.filter(
    (c) =>
      !q ||
      c.name.toLowerCase().includes(q) ||
      String(c.chainId) === q ||
      c.nativeCurrency.symbol.toLowerCase().includes(q),
  );
}

/** The searchable chain list: one option per chain, the selected one filled. */
function ChainOptions({
  list,
  selected,
  onSelect,
}: {
  list: RegistryChain[];
  selected: RegistryChain | null;
  onSelect: (c: RegistryChain) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} mah={260} style={{ overflowY: 'auto' }} role="listbox" aria-label={t('evm.searchChains')}>
      {list.map((c) => (
        <Button
          key={c.chainId}
          variant={selected?.chainId === c.chainId ? 'filled' : 'subtle'}
          justify="space-between"
          role="option"
          aria-selected={selected?.chainId === c.chainId}
          onClick={() => onSelect(c)}
          data-testid="evm-chain-option"
          data-chain-id={c.chainId}
        >
          {`${c.name} (${c.nativeCurrency.symbol})`}
        </Button>
      ))}
    </Stack>
  );
}

/** The selected chain: its chain ID, currency symbol and editable RPCs (one per line). */
function SelectionFields({
  selected,
  rpcText,
  setRpcText,
  rpcsValid,
  duplicate,
}: {
  selected: RegistryChain;
  rpcText: string;
  setRpcText: (v: string) => void;
  rpcsValid: boolean;
  duplicate: boolean;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Add-chain modal: searchable chain list; RPC, chain ID and currency symbol of the selection; unsupported chains. */
export function AddChainModal({
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
  const list = useMemo(() => matching(registry.data?.chains ?? [], query), [registry.data, query]);
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
        <ChainOptions
          list={list}
          selected={selected}
          onSelect={(c) => {
            setSelected(c);
            setRpcText(c.rpcs.join('\n'));
          }}
        />
        {selected && (
          <SelectionFields
            selected={selected}
            rpcText={rpcText}
            setRpcText={setRpcText}
            rpcsValid={rpcsValid}
            duplicate={duplicate}
          />
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
