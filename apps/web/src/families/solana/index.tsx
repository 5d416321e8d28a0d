/**
 * The Solana family on the web: one address per account (m/44'/501'/{n}', hardened to the end), accounts recovered by
 * activity and kept on the device's account table, the card's address, the Tokens tab (SPL and Token-2022, added to
 * and hidden from the device's token table), History with explorer links, receive confirmed on the device, Buy (the
 * first provider, spec 01 §9) and the send of SOL and tokens.
 */
import { Text } from '@mantine/core';
import { accountBasePath, defaultAccountName, supportsBuy, toBareAccountPath } from '@secux-companion/core';
import type { DiscoveredAccount } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { currentDevice } from '../../device/runtime';
import { verifyAddressOnDevice } from '../../device/actions';
import { HistoryTab } from '../../accounts/history/HistoryTab';
import { AccountActionError } from '../../accounts/store';
import { checkPreviousAccount } from '../../accounts/createRules';
import type { DeviceEntry, WebFamily } from '../types';
import { getSolanaChain, type SolanaChain } from './chain';
import { SolanaAccountForm, SolanaDeleteAccount } from './SolanaAccountForm';
import { SolanaSendModal } from './SolanaSendModal';
import { SolanaTokensTab } from './TokensTab';
import { nextSolanaIndex, previousSolanaAccount, solanaDeleteIssue, type SolanaAccount } from './rules';

const COIN_TYPE = 501;

export type { SolanaAccount };

function solanaAccount(scope: string, index: number, address: string, name: string): SolanaAccount {
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

const descriptor = (_chain: SolanaChain, a: SolanaAccount) => ({
  chain: 'SOL' as const,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address,
});

function deviceEntry(a: Pick<SolanaAccount, 'name' | 'path' | 'balance'>) {
  return {
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: 'SOL',
    decimal: 9,
  };
}

async function withSummary(chain: SolanaChain, a: SolanaAccount): Promise<SolanaAccount> {
  const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
  return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
}

function fromDiscovery(scope: string, d: DiscoveredAccount): SolanaAccount {
  return {
    ...solanaAccount(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
    balance: d.summary.balance,
    txCount: d.summary.txCount,
  };
}

async function deviceEntries(): Promise<DeviceEntry[]> {
  const out: DeviceEntry[] = [];
  for (const a of await currentDevice().getAccounts(COIN_TYPE)) {
    if (a.contract) continue; // a token entry
    try {
      const m = /^m\/44'\/501'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && !out.some((e) => e.index === Number(m[1])))
        out.push({ index: Number(m[1]), bip: 44, name: a.name });
    } catch {
      // not an account path
    }
  }
  return out;
}

function CardDetails({ account }: { chain: SolanaChain; account: SolanaAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

export const family: WebFamily<SolanaChain, SolanaAccount> = {
  id: 'sol',
  loadChain: () => getSolanaChain(),
  descriptor,

  /** The adapter's discovery: the device's SOL accounts (names, indexes) plus probing by activity (gap 1). */
  async recover(chain, scope) {
    const found = await chain.adapter.discoverAccounts(currentDevice());
    return found.map((d) => fromDiscovery(scope, d));
  },
  async syncToDevice(_chain, accounts) {
    for (const a of accounts) await currentDevice().setAccount(deviceEntry(a));
  },
  refresh: (chain, accounts) => Promise.all(accounts.map((a) => withSummary(chain, a))),
  async create(chain, scope, accounts, input) {
    const index = nextSolanaIndex(accounts);
    await checkPreviousAccount(previousSolanaAccount(accounts, index), (a) => withSummary(chain, a));
    const path = accountBasePath(44, COIN_TYPE, index);
    const address = await currentDevice().getAddress(path);
    const account = solanaAccount(
      scope,
      index,
      address,
      input.name.trim() || defaultAccountName('SOL', index, 44),
    );
    await currentDevice().setAccount(deviceEntry(account));
    return account;
  },
  async rename(_chain, a, name) {
    await currentDevice().setAccount(deviceEntry({ ...a, name }));
  },
  /** Only an account without SOL, history or tokens (read fresh); its token entries go first (spec 01 §6). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountState(descriptor(chain, a), { fresh: true });
    const issue = solanaDeleteIssue(fresh, fresh.tokens?.length ?? 0);
    if (issue) throw new AccountActionError(issue);
    const device = currentDevice();
    for (const e of await device.getTokens(COIN_TYPE))
      if (e.contract && e.path === a.path) await device.deleteToken(a.path, e.contract);
    await device.deleteAccount(a.path);
  },
  async fromDevice(_chain, scope, entry) {
    const address = await currentDevice().getAddress(accountBasePath(44, COIN_TYPE, entry.index));
    return solanaAccount(scope, entry.index, address, entry.name);
  },
  deviceEntries: () => deviceEntries(),

  CardDetails,
  AccountForm: SolanaAccountForm,
  DeleteAccount: SolanaDeleteAccount,

  usePage({ chain, account, openSend }) {
    const { t } = useTranslation();
    return {
      tabs: [
        {
          value: 'tokens',
          label: t('tokens.tab'),
          testId: 'tab-tokens',
          panel: <SolanaTokensTab chain={chain} account={account} onSend={(mint) => openSend(mint)} />,
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
  // A SOL movement and a token movement can share one signature.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),

  receiveTarget: (chain, a) => chain.adapter.getReceiveAddress(descriptor(chain, a)),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'SOL' })} ${t('solana.receiveNote')}`,
  showOnDevice: (_chain, path) => currentDevice().showAddress(path),
  // Buy (spec 01 §9): SOL is on the first provider's list.
  buy: (chain, account) =>
    supportsBuy('SOL')
      ? {
          loadTarget: async () => {
            const { address, path } = await chain.adapter.getReceiveAddress(descriptor(chain, account));
            return { address, path };
          },
          verify: (path) => verifyAddressOnDevice(path),
        }
      : null,
  Send: SolanaSendModal,
};
