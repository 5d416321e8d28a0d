/**
 * The Tokens tab pieces the single-address families with tokens (TRON, Solana) share: the rows from the held tokens
 * and the device's token table (entries of tokens no longer held stay listed, so they can be hidden again), the
 * switch that adds a token to or removes it from the device's token table, the add-by-contract action with its busy
 * state and failure, and the token's name cell and add row.
 */
import { Badge, Button, Group, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DeviceAccount } from '@secux-companion/device';
import type { TokenHolding } from '@secux-companion/chain-common';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, tokenAmountText, unitFiatText } from '../lib/format';
import { currentDevice } from '../device/runtime';

/**
 * The account's token rows: each held token marked whether the device keeps it, then the device's token entries
 * for the account (at `path`) whose token is no longer held. `same` compares a holding's contract with an entry's.
 */
export function deviceTokenRows<H extends { contract: string }, R>(o: {
  held: readonly H[];
  /** The device's token table of the coin. */
  entries: readonly DeviceAccount[];
  path: string;
  same?: (contract: string, entryContract: string) => boolean;
  row: (held: H, onDevice: boolean) => R;
  fromEntry: (entry: DeviceAccount & { contract: string }) => R;
}): R[] {
  const same = o.same ?? ((a, b) => a === b);
  const mine = o.entries.filter(
    (e): e is DeviceAccount & { contract: string } => !!e.contract && e.path === o.path,
  );
  const rows = o.held.map((h) =>
    o.row(
      h,
      mine.some((e) => same(h.contract, e.contract)),
    ),
  );
  for (const e of mine) if (!o.held.some((h) => same(h.contract, e.contract))) rows.push(o.fromEntry(e));
  return rows;
}

/**
 * The device token table's actions of a Tokens tab: which action runs (a row's contract, or 'add'), its failure in
 * words, the switch of a row (hide a kept token, or keep a held one), and `run` for the family's add.
 */
export function useDeviceTokenActions(account: { path: string }, queryKey: QueryKey) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey });

  /** Runs one action as `key`, then refreshes the list (unless it answers false: nothing changed); a thrown error
   * is said in words. */
  const run = async (key: string, action: () => Promise<void | false>) => {
    setBusy(key);
    setFailure(null);
    try {
      if ((await action()) !== false) await refresh();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (row: TokenHolding & { onDevice: boolean }) =>
    run(row.contract, async () => {
      const device = currentDevice();
      if (row.onDevice) await device.deleteToken(account.path, row.contract);
      else
        await device.setToken({
          name: (row.name ?? row.symbol).slice(0, 15),
          path: account.path,
          balance: row.balance.toString(),
          symbol: row.symbol,
          decimal: row.decimals,
          contract: row.contract,
        });
    });

  return { busy, failure, setFailure, run, toggle };
}

/**
 * A token's symbol with its standard, and its name and contract under it. A name that is the token's own on-chain
 * metadata, not a known list's, carries an "Unverified" mark with the reason (anyone can name a token "USDC").
 * Names are rendered as text, never as markup.
 */
export function TokenNameCell({ row, testIdPrefix }: { row: TokenHolding; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fw={500}>{row.symbol}</Text>
        <Badge size="xs" variant="light" data-testid={`${testIdPrefix}-standard`}>
          {row.standard}
        </Badge>
        {row.unverified && (
          <Badge
            size="xs"
            color="orange"
            variant="light"
            title={t('tokens.unverifiedHint')}
            data-testid={`${testIdPrefix}-unverified`}
          >
            {t('tokens.unverified')}
            <VisuallyHidden>{` ${t('tokens.unverifiedHint')}`}</VisuallyHidden>
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={row.contract}>
        {row.name ? `${row.name} · ` : ''}
        {row.contract}
      </Text>
    </>
  );
}

/** Add a token by its contract: the field, the button (busy while adding), and the failure under them. */
export function AddTokenRow(props: {
  value: string;
  onChange: (value: string) => void;
  onAdd: () => void;
  adding: boolean;
  failure: string | null;
  label: string;
  placeholder: string;
  addText: string;
  testIdPrefix: string;
}) {
  const { testIdPrefix: p } = props;
  return (
    <>
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={props.label}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          data-testid={`${p}-add-input`}
        />
        <Button
          onClick={props.onAdd}
          loading={props.adding}
          disabled={!props.value.trim()}
          data-testid={`${p}-add`}
        >
          {props.addText}
        </Button>
      </Group>
      {props.failure && (
        <Text c="red" size="sm" role="alert" data-testid={`${p}-error`}>
          {props.failure}
        </Text>
      )}
    </>
  );
}

/**
 * The holdings table of a Tokens tab: each token's name, balance, value in the display currency ("Price N/A" when
 * it has no price, never 0), the switch that keeps it on the device, and the family's own last cell (Send, or why a
 * token cannot be sent). Column texts are the family's (`<textPrefix>.token`, `.balance`, `.value`, `.onDevice`,
 * `.onDeviceLabel`).
 */
export function TokenHoldingsTable<R extends TokenHolding & { onDevice: boolean }>({
  rows,
  prices,
  busy,
  onToggle,
  testIdPrefix,
  textPrefix,
  action,
}: {
  rows: readonly R[];
  prices: ReadonlyMap<string, string> | undefined;
  busy: boolean;
  onToggle: (row: R) => void;
  testIdPrefix: string;
  textPrefix: string;
  action: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t(`${textPrefix}.token`)}</Table.Th>
          <Table.Th>{t(`${textPrefix}.balance`)}</Table.Th>
          <Table.Th>{t(`${textPrefix}.value`)}</Table.Th>
          <Table.Th>{t(`${textPrefix}.onDevice`)}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const price = prices?.get(row.contract);
          return (
            <Table.Tr key={row.contract} data-testid={`${testIdPrefix}-${row.symbol}`}>
              <Table.Td>
                <TokenNameCell row={row} testIdPrefix={testIdPrefix} />
              </Table.Td>
              <Table.Td data-testid={`${testIdPrefix}-balance`}>{tokenAmountText(row.balance, row)}</Table.Td>
              <Table.Td data-testid={`${testIdPrefix}-value`}>
                {(price && unitFiatText(row.balance, row, price)) || t('errors.priceNotAvailable')}
              </Table.Td>
              <Table.Td>
                <Switch
                  checked={row.onDevice}
                  disabled={busy}
                  onChange={() => onToggle(row)}
                  aria-label={t(`${textPrefix}.onDeviceLabel`, { symbol: row.symbol })}
                  data-testid={`${testIdPrefix}-toggle`}
                />
              </Table.Td>
              <Table.Td>{action(row)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
