/**
 * The account page's Stake and Unstake buttons (FIO accounts only, spec 03 §2) and what they open: an account without
 * a crypto handle first sees the registration page — why a handle helps (its bundled transactions pay the staking
 * fees), the registration fee, and a consent checkbox before the Domain page's register-handle action opens for this
 * account; the user may also go on without a handle (the fees are then paid in FIO). Then the four-step flow.
 * Closing the flow from its Status step reads the account again (balances, staked, locked, the unlock date).
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { formatSuf } from '@secux-companion/chain-fio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshBalances } from '@secux-companion/web-kit/accounts/store';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { ActionModal } from './domain/ActionModal';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';
import { STAKE_PROCESS, UNSTAKE_PROCESS, type StakeTitle } from './stake';
import { StakeModal } from './StakeModal';

type Open =
  | { view: 'registration'; title: StakeTitle }
  | { view: 'register'; title: StakeTitle; registered: boolean; available: bigint }
  | { view: 'flow'; title: StakeTitle; withoutHandle: boolean }
  | null;

export function StakeEntry({
  chain,
  account,
  descriptor,
}: {
  chain: FioChain;
  account: FioAccount;
  /** The account as the adapter reads it (the family's descriptor). */
  descriptor: AccountDescriptor;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const names = useQuery({
    queryKey: ['fio-stake-names', chain.coin, account.address],
    queryFn: () => chain.reader.names(account.address),
  });

  const start = async (title: StakeTitle) => {
    const read = names.data ? names : await names.refetch();
    if (!read.data) return; // the error shows under the buttons
    setOpen(
      read.data.handles.length > 0
        ? { view: 'flow', title, withoutHandle: false }
        : { view: 'registration', title },
    );
  };

  /** The Domain page's register-handle action for this account, with its available balance (the fee's check). */
  const register = async (title: StakeTitle) => {
    const state = await chain.adapter.getAccountState(descriptor).catch(() => null);
    setOpen({ view: 'register', title, registered: false, available: state?.available ?? 0n });
  };

  /** After the Status step: the account, its staking state and the card balances are read again. */
  const done = () => {
    setOpen(null);
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey.includes(account.id) || q.queryKey.includes(account.address),
    });
    refreshBalances().catch((e: unknown) => console.warn('refresh failed', e));
  };

  return (
    <>
      <Button variant="outline" onClick={() => void start(STAKE_PROCESS)} data-testid="fio-stake">
        {t('fio.stake.stake')}
      </Button>
      <Button variant="outline" onClick={() => void start(UNSTAKE_PROCESS)} data-testid="fio-unstake">
        {t('fio.stake.unstake')}
      </Button>
      {names.isError && (
        <Text size="xs" c="red" role="alert" data-testid="fio-stake-names-error">
          {t('fio.errors.loadFailed', { message: String(names.error) })}
        </Text>
      )}
      {open?.view === 'registration' && (
        <Registration
          chain={chain}
          onRegister={() => void register(open.title)}
          onWithout={() => setOpen({ view: 'flow', title: open.title, withoutHandle: true })}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.view === 'register' && (
        <ActionModal
          chain={chain}
          action="registerHandle"
          accounts={[
            {
              name: account.name,
              index: account.index,
              path: account.path,
              address: account.address,
              available: open.available,
            },
          ]}
          ownDomains={names.data?.domains.map((d) => d.domain) ?? []}
          target={{}}
          onSuccess={() => setOpen({ ...open, registered: true })}
          onClose={() => {
            if (!open.registered) return setOpen(null);
            // The new handle (and its bundles) pays the staking fees: read it, then go on to the flow.
            void names
              .refetch()
              .then(() => setOpen({ view: 'flow', title: open.title, withoutHandle: false }));
          }}
        />
      )}
      {open?.view === 'flow' && (
        <StakeModal
          chain={chain}
          account={account}
          descriptor={descriptor}
          title={open.title}
          handles={open.withoutHandle ? [] : (names.data?.handles ?? [])}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
    </>
  );
}

/** The registration page with its consent checkbox (spec 03 §2 Staking). */
function Registration({
  chain,
  onRegister,
  onWithout,
  onClose,
}: {
  chain: FioChain;
  onRegister: () => void;
  onWithout: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [consent, setConsent] = useState(false);
  const fee = useQuery({
    queryKey: ['fio-stake-register-fee', chain.coin],
    queryFn: () => chain.adapter.names.fee('registerFioAddress'),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t('fio.stake.register.title')}
      data-testid="fio-stake-registration"
    >
      <Stack>
        <Text size="sm">{t('fio.stake.register.intro')}</Text>
        <Text size="sm" data-testid="fio-stake-register-fee">
          {fee.data !== undefined
            ? t('fio.stake.register.fee', { fee: `${formatSuf(fee.data)} ${chain.coin}` })
            : fee.isError
              ? t('fio.errors.feeFailed')
              : t('fio.feeLoading')}
        </Text>
        <Checkbox
          label={t('fio.stake.register.consent')}
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          data-testid="fio-stake-consent"
        />
        <Alert color="gray">{t('fio.stake.register.without')}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onWithout} data-testid="fio-stake-without-handle">
            {t('fio.stake.register.continueWithout')}
          </Button>
          <Button onClick={onRegister} disabled={!consent} data-testid="fio-stake-register">
            {t('fio.stake.register.register')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
