/**
 * The FIO family on the web (spec 03): FIO and TFIO accounts on m/44'/235'/{n}' (default name FIO + index + 1), one
 * FIO public key per account, the balance split into available / staked / locked ('Failed to get FIO balance: …' and
 * zeros when it cannot be read) with the 7-day staking APR and the unlock date of unstaked FIO, Stake and Unstake
 * (StakeEntry: the registration page for an account without a handle, then the four-step flow), History from
 * get_actions with the FIO action kinds (stake or unstake, the handle and the chains assigned), receive confirmed
 * on the device, the transfer send, and a link to the Domain page.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { balanceOrZeros } from '@secux-companion/chain-fio';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { amountText, uiLanguage } from '@secux-companion/web-kit/lib/format';
import { HistoryTab } from '@secux-companion/web-kit/accounts/history/HistoryTab';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { singleAddressPlumbing } from '@secux-companion/web-kit/singleAddress/plumbing';
import type { WebFamily } from '@secux-companion/web-kit/family/types';
import { getFioChain, type FioChain, type FioCoin } from './chain';
import { FioAccountForm, FioDeleteAccount } from './FioAccountForm';
import { FioSendModal } from './FioSendModal';
import { fioDeleteIssue, type FioAccount } from './rules';
import { aprText, dateTimeText } from './stake';
import { StakeEntry } from './StakeEntry';
import { stakingKey } from './StakeModal';

const COIN_TYPE = 235;
export type { FioAccount };

// FIO and TFIO share the coin type; each chain names its own entries. No warm-002 check on create.
const plumbing = singleAddressPlumbing<FioChain, FioAccount>({
  coin: (chain) => chain.coin,
  coinType: COIN_TYPE,
  decimal: 9,
  checkPrevious: false,
});
const { descriptor } = plumbing;

function CardDetails({ account }: { chain: FioChain; account: FioAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

/** Available / staked / locked, or the spec's failure text with zeros. */
function BalanceNote({ chain, account }: { chain: FioChain; account: FioAccount }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['fio-balance', chain.coin, account.address],
    queryFn: async () => {
      const backend = {
        balance: async () => {
          const s = await chain.adapter.getAccountState(descriptor(chain, account), { fresh: true });
          return {
            balance: s.balance,
            available: s.available,
            staked: s.staked ?? 0n,
            locked: s.locked ?? 0n,
            srps: s.extra?.srps ?? '0',
            roe: s.extra?.roe ?? '0',
            actor: s.extra?.actor ?? '',
            txCount: s.txCount,
          };
        },
      };
      return balanceOrZeros(backend, account.address);
    },
  });
  // The staking service's 7-day APR and the lock of unstaked FIO with its unlock date (spec 03 §4).
  const staking = useQuery({
    queryKey: stakingKey(chain.coin, account.address),
    queryFn: () => chain.adapter.names.staking(account.address),
  });
  if (!q.data) return null;
  const b = q.data.balance;
  const lock = staking.data?.lock;
  const apr = aprText(staking.data?.apr7d ?? null, uiLanguage());
  return (
    <>
      <Group gap="md" data-testid="fio-balances">
        <Text size="xs" data-testid="fio-available">
          {t('fio.balance.available', { amount: amountText(b.available, chain.unit) })}
        </Text>
        <Text size="xs" data-testid="fio-staked">
          {t('fio.balance.staked', { amount: amountText(b.staked, chain.unit) })}
        </Text>
        <Text size="xs" data-testid="fio-locked">
          {t('fio.balance.locked', { amount: amountText(b.locked, chain.unit) })}
        </Text>
      </Group>
      {(apr || (lock && lock.remaining > 0n)) && (
        <Group gap="md">
          {apr && (
            <Text size="xs" data-testid="fio-apr">
              {t('fio.stake.apr', { apr })}
            </Text>
          )}
          {lock && lock.remaining > 0n && (
            <Text size="xs" data-testid="fio-unlock">
              {t('fio.stake.lockedUntil', {
                amount: amountText(lock.remaining, chain.unit),
                date: dateTimeText(new Date(lock.unlockAt), uiLanguage()),
              })}
            </Text>
          )}
        </Group>
      )}
      {q.data.error && (
        <Text size="xs" c="red" role="alert" data-testid="fio-balance-error">
          {t('fio.errors.balanceFailed', { message: q.data.cause ?? '' })}
        </Text>
      )}
    </>
  );
}

export const family: WebFamily<FioChain, FioAccount> = {
  id: 'fio',
  loadChain: (coin) => getFioChain(coin as FioCoin),
  descriptor,

  recover: plumbing.recover,
  syncToDevice: plumbing.syncToDevice,
  refresh: plumbing.refresh,
  create: plumbing.create,
  rename: plumbing.rename,
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
    const issue = fioDeleteIssue(fresh);
    if (issue) throw new AccountActionError(issue);
    await currentDevice().deleteAccount(a.path);
  },
  fromDevice: plumbing.fromDevice,
  deviceEntries: plumbing.deviceEntries,

  CardDetails,
  AccountForm: FioAccountForm,
  DeleteAccount: FioDeleteAccount,

  usePage({ chain, account }) {
    const { t } = useTranslation();
    return {
      note: <BalanceNote chain={chain} account={account} />,
      actions: (
        <>
          <StakeEntry chain={chain} account={account} descriptor={descriptor(chain, account)} />
          <Anchor component={Link} to="/wallet/domain" size="sm" data-testid="fio-domain-link">
            {t('fio.domainLink')}
          </Anchor>
        </>
      ),
      tabs: [
        {
          value: 'history',
          label: t('history.tab'),
          testId: 'tab-history',
          panel: <HistoryTab family={family} chain={chain} account={account} />,
        },
      ],
    };
  },
  // The FIO history item (spec 03 §3): the action (stake and unstake told apart), its crypto handle and the chains
  // assigned, from the operation's extras; names shown as text.
  useHistoryExtras() {
    const { t } = useTranslation();
    return {
      action: (op) => {
        if (!op.action) return undefined;
        const x = op.extras ?? {};
        const stake = x.stakeAction === 'stake' || x.stakeAction === 'unstake' ? x.stakeAction : null;
        return (
          <Text size="xs" c="dimmed" data-testid="history-fio-action">
            {stake ? t(`fio.history.${stake}`) : t(`fio.history.${op.action}`)}
            {x.cryptoHandleName && (
              <>
                {' · '}
                <span data-testid="history-fio-handle">{x.cryptoHandleName}</span>
              </>
            )}
            {x.assignChain && (
              <>
                {' · '}
                <span data-testid="history-fio-chain">
                  {t('fio.history.chain', { chain: x.assignChain })}
                </span>
              </>
            )}
          </Text>
        );
      },
    };
  },
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),

  receiveTarget: plumbing.receiveTarget,
  receiveWarning: (t, chain) => t('errors.state-004', { coin: chain.coin }),
  showOnDevice: plumbing.showOnDevice,
  buy: plumbing.buy, // no provider sells FIO (core's chain table)
  Send: FioSendModal,
};
