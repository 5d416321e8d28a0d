/**
 * The select-account modal (spec 03 §2): paying a request starts by choosing the device's account of the requested
 * chain. The accounts come from the device's table through the chain's own family (its balances read fresh); one
 * that cannot cover the amount shows 'Insufficient Balance' and cannot be chosen (spec 03 §5: the required amount
 * must be less than the balance).
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ChainSymbol } from '@secux-companion/core';
import { useTranslation } from 'react-i18next';
import { familyChain } from '@secux-companion/web-kit/accounts/store';
import { coinText, errorText } from '@secux-companion/web-kit/lib/format';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import type { AnyFamily, FamilyChain, WalletAccount } from '@secux-companion/web-kit/family/types';
import { canCover } from './requests';

export interface PayingAccount {
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
}

/** An account and what it can spend now (the chain's available amount: unconfirmed change is not). */
type Spendable = WalletAccount & { available: bigint };

/** The device's accounts of a coin, as its family keeps them, with fresh balances. */
async function deviceAccounts(
  coin: ChainSymbol,
): Promise<{ family: AnyFamily; chain: FamilyChain; accounts: Spendable[] }> {
  const { family, chain } = await familyChain(coin);
  const entries = await family.deviceEntries(chain);
  const accounts: WalletAccount[] = [];
  for (const e of entries) accounts.push(await family.fromDevice(chain, coin, e));
  const fresh = accounts.length ? await family.refresh(chain, accounts) : [];
  const spendable = await Promise.all(
    fresh.map(async (a) => ({
      ...a,
      available: (await chain.adapter.getAccountState(family.descriptor(chain, a))).available,
    })),
  );
  return { family, chain, accounts: spendable };
}

export function SelectAccountModal({
  coin,
  required,
  onChoose,
  onClose,
}: {
  coin: ChainSymbol;
  /** The requested amount (smallest unit). */
  required: bigint;
  onChoose: (paying: PayingAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const q = useQuery({
    queryKey: ['fio-pay-accounts', coin],
    queryFn: () => deviceAccounts(coin),
    staleTime: 0,
  });
  const amount = `${coinText(required, coin)} ${coin}`;
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t('fio.requests.select.title', { amount })}
      data-testid="fio-select-account"
    >
      <Stack>
        {q.isLoading && (
          <Group gap="xs" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm">{t('fio.requests.select.loading', { coin })}</Text>
          </Group>
        )}
        {q.isError && (
          <Alert color="red" role="alert">
            {t('fio.requests.select.failed', { coin, message: errorText(t, q.error) })}
          </Alert>
        )}
        {q.data && q.data.accounts.length === 0 && (
          <Alert color="yellow" data-testid="fio-select-none">
            {t('fio.requests.select.noAccounts', { coin })}
          </Alert>
        )}
        {q.data && q.data.accounts.length > 0 && (
          <Text size="sm" fw={600} id="fio-select-label">
            {t('fio.requests.select.account')}
          </Text>
        )}
        {q.data?.accounts.map((a) => {
          const enough = canCover(required, a.available);
          return (
            <Group
              key={a.id}
              justify="space-between"
              wrap="nowrap"
              data-testid="fio-select-row"
              data-path={a.path}
            >
              <Stack gap={0}>
                <Text size="sm">{a.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('fio.requests.select.balance', { amount: `${coinText(a.available, coin)} ${coin}` })}
                </Text>
                {!enough && (
                  <Text size="xs" c="red" data-testid="fio-select-insufficient">
                    {t('fio.insufficientBalance')}
                  </Text>
                )}
              </Stack>
              <Button
                size="xs"
                disabled={!enough}
                aria-label={t('fio.requests.select.choose', { name: a.name })}
                onClick={() => onChoose({ family: q.data.family, chain: q.data.chain, account: a })}
                data-testid="fio-select-choose"
              >
                {t('fio.requests.pay')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Modal>
  );
}
