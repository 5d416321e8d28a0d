import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { accountNumber, type AddedEvmChain } from '@secux-companion/chain-evm';
import { useTranslation } from 'react-i18next';
import { evmCoinText } from '../tab/format';
import { chainOf } from './addedChains';
import { ChainLogo } from './ChainLogo';

type AddedAccount = AddedEvmChain['accounts'][number];

interface ChainCardProps {
  chain: AddedEvmChain;
  busy: boolean;
  onAddAccount: () => void;
  onOpen: (index: number) => void;
  onDelete: (index: number) => void;
}

/** One added account of a chain: its name (opens the account page), delete, number and balance. */
function AccountCard({
  account: a,
  evm,
  onOpen,
  onDelete,
}: {
  account: AddedAccount;
  evm: ReturnType<typeof chainOf>;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="evm-chain-account" data-index={a.index}>
      <Group justify="space-between" wrap="nowrap">
        <Text
          component="button"
          type="button"
          fw={600}
          onClick={onOpen}
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
          onClick={onDelete}
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
  );
}

/** An added chain: its logo and name, Create account, and its account cards. */
export function ChainCard({ chain: c, busy, onAddAccount, onOpen, onDelete }: ChainCardProps) {
  const { t } = useTranslation();
  const evm = chainOf(c);
  return (
    <Card
      withBorder
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
          onClick={onAddAccount}
          disabled={busy}
          data-testid="evm-add-account"
        >
          {t('accounts.create')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {c.accounts.map((a) => (
          <AccountCard
            key={a.index}
            account={a}
            evm={evm}
            onOpen={() => onOpen(a.index)}
            onDelete={() => onDelete(a.index)}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}
