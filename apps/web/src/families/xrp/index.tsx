/**
 * The XRP family on the web: one classic address per account (m/44'/144'/{n}'/0/0), accounts recovered by activity
 * and kept on the device's account table, the card's address, the page's reserve and spendable amount (the reserve
 * read live from the server), the inactive-account state, History with the destination tag and explorer links,
 * receive confirmed on the device, Buy (the second provider, spec 01 §9) and the XRP send.
 */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
import { amountText } from '../../accounts/format';
import { HistoryTab } from '../../accounts/history/HistoryTab';
import { AccountActionError } from '../../accounts/store';
import { checkPreviousAccount } from '../../accounts/createRules';
import type { DeviceEntry, WebFamily } from '../types';
import { getXrpChain, type XrpChain } from './chain';
import { XrpAccountForm, XrpDeleteAccount } from './XrpAccountForm';
import { XrpSendModal, type XrpAccount } from './XrpSendModal';
import { dropsText, nextXrpIndex, previousXrpAccount, xrpDeleteIssue } from './rules';

const COIN_TYPE = 144;

export type { XrpAccount };

function xrpAccount(scope: string, index: number, address: string, name: string): XrpAccount {
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

const descriptor = (_chain: XrpChain, a: XrpAccount) => ({
  chain: 'XRP' as const,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address,
});

function deviceEntry(a: Pick<XrpAccount, 'name' | 'path' | 'balance'>) {
  return {
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: 'XRP',
    decimal: 6,
  };
}

async function withSummary(chain: XrpChain, a: XrpAccount): Promise<XrpAccount> {
  const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
  return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
}

function fromDiscovery(scope: string, d: DiscoveredAccount): XrpAccount {
  return {
    ...xrpAccount(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
    balance: d.summary.balance,
    txCount: d.summary.txCount,
  };
}

async function deviceEntries(): Promise<DeviceEntry[]> {
  const out: DeviceEntry[] = [];
  for (const a of await currentDevice().getAccounts(COIN_TYPE)) {
    try {
      const m = /^m\/44'\/144'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && !out.some((e) => e.index === Number(m[1])))
        out.push({ index: Number(m[1]), bip: 44, name: a.name });
    } catch {
      // not an account path
    }
  }
  return out;
}

function CardDetails({ account }: { chain: XrpChain; account: XrpAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

/** Spec 01 §2's note on the XRP account list: the reserve each account keeps, read live from the ledger. */
function ListNote({ chain }: { chain: XrpChain }) {
  const { t } = useTranslation();
  const ledger = useQuery({
    queryKey: ['xrp-ledger'],
    queryFn: () => chain.adapter.ledger(),
    staleTime: 60_000,
  });
  return (
    <Alert color="blue" data-testid="account-list-note">
      {ledger.data
        ? t('xrp.listNote', {
            base: dropsText(ledger.data.reserve.base),
            increment: dropsText(ledger.data.reserve.increment),
          })
        : t('xrp.listNoteShort')}
    </Alert>
  );
}

export const family: WebFamily<XrpChain, XrpAccount> = {
  id: 'xrp',
  loadChain: () => getXrpChain(),
  descriptor,

  /** The adapter's discovery: the device's XRP accounts (names, indexes) plus probing by activity (gap 1). */
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
    const index = nextXrpIndex(accounts);
    await checkPreviousAccount(previousXrpAccount(accounts, index), (a) => withSummary(chain, a));
    const path = accountBasePath(44, COIN_TYPE, index);
    const address = await currentDevice().getAddress(signingPath('XRP', path));
    const account = xrpAccount(
      scope,
      index,
      address,
      input.name.trim() || defaultAccountName('XRP', index, 44),
    );
    await currentDevice().setAccount(deviceEntry(account));
    return account;
  },
  async rename(_chain, a, name) {
    await currentDevice().setAccount(deviceEntry({ ...a, name }));
  },
  /** Only an account without XRP and without history (read fresh). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
    const issue = xrpDeleteIssue(fresh);
    if (issue) throw new AccountActionError(issue);
    await currentDevice().deleteAccount(a.path);
  },
  async fromDevice(_chain, scope, entry) {
    const address = await currentDevice().getAddress(
      signingPath('XRP', accountBasePath(44, COIN_TYPE, entry.index)),
    );
    return xrpAccount(scope, entry.index, address, entry.name);
  },
  deviceEntries: () => deviceEntries(),

  CardDetails,
  ListNote,
  AccountForm: XrpAccountForm,
  DeleteAccount: XrpDeleteAccount,

  usePage({ chain, account, state }) {
    const { t } = useTranslation();
    const inactive = state ? state.activated === false : account.balance === 0n && account.txCount === 0;
    return {
      note: state && !inactive && (
        <Text size="xs" c="dimmed" data-testid="xrp-reserve">
          {t('xrp.page.reserve', {
            reserve: amountText(state.reserve ?? 0n, chain.unit),
            spendable: amountText(state.available, chain.unit),
          })}
        </Text>
      ),
      alerts: inactive && (
        <Alert color="yellow" data-testid="xrp-inactive">
          {t('xrp.page.inactive')}
        </Alert>
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
  useHistoryExtras() {
    const { t } = useTranslation();
    return {
      action: (op) =>
        op.destinationTag !== undefined ? (
          <Text size="xs" c="dimmed" data-testid="history-tag">
            {t('xrp.history.tag', { tag: op.destinationTag })}
          </Text>
        ) : undefined,
    };
  },
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),

  receiveTarget: (chain, a) => chain.adapter.getReceiveAddress(descriptor(chain, a)),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'XRP' })} ${t('xrp.receiveNote')}`,
  showOnDevice: (_chain, path) => currentDevice().showAddress(path),
  // Buy (spec 01 §9): XRP is on the second (EU) provider's list.
  buy: (chain, account) =>
    supportsBuy('XRP')
      ? {
          loadTarget: async () => {
            const { address, path } = await chain.adapter.getReceiveAddress(descriptor(chain, account));
            return { address, path };
          },
          verify: (path) => verifyAddressOnDevice(path),
        }
      : null,
  Send: XrpSendModal,
};
