/**
 * The TRON family on the web: one T… address per account (m/44'/195'/{n}'/0/0 — the signing path ends in 0), accounts
 * recovered by activity and kept on the device's account table, the card's address, the page's bandwidth and energy,
 * the Tokens tab (TRC-10 and TRC-20, kept on the device's token table), History with explorer links, receive confirmed
 * on the device, Buy (the second provider, spec 01 §9) and the TRON send with what it burns.
 */
import { Alert, Group, Text } from '@mantine/core';
import {
  accountBasePath,
  defaultAccountName,
  signingPath,
  supportsBuy,
  toBareAccountPath,
} from '@secux-companion/core';
import type { DiscoveredAccount } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { currentDevice } from '../../device/runtime';
import { verifyAddressOnDevice } from '../../device/actions';
import { HistoryTab } from '../../accounts/history/HistoryTab';
import { AccountActionError } from '../../accounts/store';
import { checkPreviousAccount } from '../../accounts/createRules';
import type { DeviceEntry, WebFamily } from '../types';
import { getTronChain, type TronChain } from './chain';
import { TronAccountForm, TronDeleteAccount } from './TronAccountForm';
import { TronSendModal } from './TronSendModal';
import { TronTokensTab } from './TokensTab';
import { nextTronIndex, previousTronAccount, tronDeleteIssue, type TronAccount } from './rules';

const COIN_TYPE = 195;

export type { TronAccount };

function tronAccount(scope: string, index: number, address: string, name: string): TronAccount {
  const path = accountBasePath(44, COIN_TYPE, index);
  return {
    id: `${scope}:${path}`,
    index,
    bip: 44,
    path,
    address,
    name,
    balance: 0n,
    pending: 0n,
    txCount: 0,
  };
}

const descriptor = (_chain: TronChain, a: TronAccount) => ({
  chain: 'TRX' as const,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address,
});

function deviceEntry(a: Pick<TronAccount, 'name' | 'path' | 'balance'>) {
  return {
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: 'TRX',
    decimal: 6,
  };
}

async function withSummary(chain: TronChain, a: TronAccount): Promise<TronAccount> {
  const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
  return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
}

function fromDiscovery(scope: string, d: DiscoveredAccount): TronAccount {
  return {
    ...tronAccount(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
    balance: d.summary.balance,
    txCount: d.summary.txCount,
  };
}

async function deviceEntries(): Promise<DeviceEntry[]> {
  const out: DeviceEntry[] = [];
  for (const a of await currentDevice().getAccounts(COIN_TYPE)) {
    try {
      const m = /^m\/44'\/195'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && !out.some((e) => e.index === Number(m[1])))
        out.push({ index: Number(m[1]), bip: 44, name: a.name });
    } catch {
      // not an account path
    }
  }
  return out;
}

function CardDetails({ account }: { chain: TronChain; account: TronAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

export const family: WebFamily<TronChain, TronAccount> = {
  id: 'trx',
  loadChain: () => getTronChain(),
  descriptor,

  /** The adapter's discovery: the device's TRX accounts (names, indexes) plus probing by activity (gap 1). */
  async recover(chain, scope) {
    const found = await chain.adapter.discoverAccounts(currentDevice());
    return found.map((d) => fromDiscovery(scope, d));
  },
  async syncToDevice(_chain, accounts) {
    for (const a of accounts) await currentDevice().setAccount(deviceEntry(a));
  },
  refresh: (chain, accounts) => Promise.all(accounts.map((a) => withSummary(chain, a))),
  /** The first unused index after a fresh read of the account it follows (err-17 / warm-002), written to the device. */
  async create(chain, scope, accounts, input) {
    const index = nextTronIndex(accounts);
    await checkPreviousAccount(previousTronAccount(accounts, index), (a) => withSummary(chain, a));
    const path = accountBasePath(44, COIN_TYPE, index);
    const address = await currentDevice().getAddress(signingPath('TRX', path));
    const account = tronAccount(
      scope,
      index,
      address,
      input.name.trim() || defaultAccountName('TRX', index, 44),
    );
    await currentDevice().setAccount(deviceEntry(account));
    return account;
  },
  async rename(_chain, a, name) {
    await currentDevice().setAccount(deviceEntry({ ...a, name }));
  },
  /** Only an account without TRX, tokens and history (read fresh); its token entries go first (spec 01 §6). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountState(descriptor(chain, a), { fresh: true });
    const issue = tronDeleteIssue(fresh, fresh.tokens?.filter((x) => x.balance > 0n).length ?? 0);
    if (issue) throw new AccountActionError(issue);
    const device = currentDevice();
    for (const e of await device.getTokens(COIN_TYPE))
      if (e.contract && e.path === a.path) await device.deleteToken(a.path, e.contract);
    await device.deleteAccount(a.path);
  },
  async fromDevice(_chain, scope, entry) {
    const address = await currentDevice().getAddress(
      signingPath('TRX', accountBasePath(44, COIN_TYPE, entry.index)),
    );
    return tronAccount(scope, entry.index, address, entry.name);
  },
  deviceEntries: () => deviceEntries(),

  CardDetails,
  AccountForm: TronAccountForm,
  DeleteAccount: TronDeleteAccount,

  usePage({ chain, account, state, openSend }) {
    const { t } = useTranslation();
    const inactive = state ? state.activated === false : account.balance === 0n && account.txCount === 0;
    const bandwidth = state?.resources?.find((r) => r.kind === 'bandwidth');
    const energy = state?.resources?.find((r) => r.kind === 'energy');
    return {
      note: state && !inactive && (
        <Group gap="md" data-testid="trx-resources">
          <Text size="xs" c="dimmed" data-testid="trx-bandwidth">
            {t('tron.page.bandwidth', {
              available: state.extra?.bandwidthAvailable ?? '0',
              limit: (bandwidth?.limit ?? 0n).toString(),
            })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="trx-energy">
            {t('tron.page.energy', {
              available: state.extra?.energyAvailable ?? '0',
              limit: (energy?.limit ?? 0n).toString(),
            })}
          </Text>
        </Group>
      ),
      alerts: inactive && (
        <Alert color="yellow" data-testid="trx-inactive">
          {t('tron.page.inactive')}
        </Alert>
      ),
      tabs: [
        {
          value: 'tokens',
          label: t('tokens.tab'),
          testId: 'tab-tokens',
          panel: <TronTokensTab chain={chain} account={account} onSend={(token) => openSend(token)} />,
        },
        {
          value: 'history',
          label: t('history.tab'),
          testId: 'tab-history',
          panel: <HistoryTab family={family} chain={chain} account={account} />,
        },
      ],
    };
  },
  // A TRX movement and a token movement never share an id, but keep the key unique per token anyway.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),

  receiveTarget: (chain, a) => chain.adapter.getReceiveAddress(descriptor(chain, a)),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'TRX' })} ${t('tron.receiveNote')}`,
  showOnDevice: (_chain, path) => currentDevice().showAddress(path),
  // Buy (spec 01 §9): TRX is on the second (EU) provider's list.
  buy: (chain, account) =>
    supportsBuy('TRX')
      ? {
          loadTarget: async () => {
            const { address, path } = await chain.adapter.getReceiveAddress(descriptor(chain, account));
            return { address, path };
          },
          verify: (path) => verifyAddressOnDevice(path),
        }
      : null,
  Send: TronSendModal,
};
