/**
 * The BNB Beacon Chain on the web: a RETIRED, read-only legacy chain (halted 2024-12-03, block 385,251,927). The
 * device's BNB accounts stay visible with their bnb1… addresses (derived by the device); balances, asset lines and
 * history come from the server's archive when it has one; the notice explains the halt and links to BNB Chain's
 * token recovery; the adapter's capabilities.readOnly removes Send and Receive from the shared account page.
 */
import { Text } from '@mantine/core';
import { ReadOnlyChainError } from '@secux-companion/chain-common';
import { FEATURE_GATES, accountBasePath, signingPath, toBareAccountPath } from '@secux-companion/core';
import { useTranslation } from 'react-i18next';
import { HistoryTab } from '@secux-companion/web-kit/accounts/history/HistoryTab';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import type { DeviceEntry, PageTab, WalletAccount, WebFamily } from '@secux-companion/web-kit/family/types';
import { BalancesTab } from './BalancesTab';
import { BnbAccountForm } from './BnbAccountForm';
import { getBnbChain, type BnbChain } from './chain';
import { RetiredNotice } from './RetiredNotice';
import { singleAddressAccount } from '@secux-companion/web-kit/singleAddress/plumbing';

const COIN_TYPE = 714;

const bnbAccount = (scope: string, index: number, address: string, name: string): WalletAccount =>
  singleAddressAccount(COIN_TYPE, scope, index, address, name);

const descriptor = (_chain: BnbChain, a: WalletAccount) => ({
  chain: 'BNB' as const,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address ?? '',
});

async function deviceEntries(): Promise<DeviceEntry[]> {
  const out: DeviceEntry[] = [];
  for (const a of await currentDevice().getAccounts(COIN_TYPE)) {
    try {
      const m = /^m\/44'\/714'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && !out.some((e) => e.index === Number(m[1])))
        out.push({ index: Number(m[1]), bip: 44, name: a.name });
    } catch {
      // not an account path
    }
  }
  return out;
}

const deviceWrite = (a: WalletAccount, name = a.name) => ({
  name,
  path: a.path,
  balance: a.balance.toString(),
  symbol: 'BNB',
  decimal: 8,
});

function CardDetails({ account }: { chain: BnbChain; account: WalletAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

function CardNotice({ chain }: { chain: BnbChain; account: WalletAccount }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="orange" data-testid="bnb-card-retired">
      {chain.status.archive ? t('bnb.retiredShort') : t('bnb.balanceUnavailable')}
    </Text>
  );
}

function ListNote({ chain }: { chain: BnbChain }) {
  return <RetiredNotice archive={chain.status.archive} />;
}

function NoSend({ onClose }: { onClose: () => void }) {
  // Never opened: the shared page shows no Send on a read-only chain. Closes at once if something opens it.
  queueMicrotask(onClose);
  return null;
}

export const family: WebFamily<BnbChain, WalletAccount> = {
  id: 'bnb',
  loadChain: getBnbChain,
  descriptor,

  /** The device's BNB accounts (account 0 when it has none), their addresses derived by the device. */
  async recover(chain, scope) {
    const found = await chain.adapter.discoverAccounts(currentDevice());
    return found.map((d) => ({
      ...bnbAccount(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
      balance: d.summary.balance,
      txCount: d.summary.txCount,
    }));
  },
  async syncToDevice(_chain, accounts) {
    for (const a of accounts) await currentDevice().setAccount(deviceWrite(a));
  },
  /** With an archive: the archived balances. Without one there is nothing to read: the accounts stay as they are. */
  async refresh(chain, accounts) {
    if (!chain.status.archive) return [...accounts];
    return Promise.all(
      accounts.map(async (a) => {
        const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
        return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
      }),
    );
  },
  /** A retired chain gets no new account (the form says so; this is never reached from it). */
  create() {
    return Promise.reject(new ReadOnlyChainError('BNB'));
  },
  async rename(_chain, a, name) {
    await currentDevice().setAccount(deviceWrite(a, name));
  },
  /** Forgetting an account only removes it from the device's list; its coins stay where they are. */
  async remove(_chain, a) {
    await currentDevice().deleteAccount(a.path);
  },
  async fromDevice(_chain, scope, entry) {
    const address = await currentDevice().getAddress(
      signingPath('BNB', accountBasePath(44, COIN_TYPE, entry.index)),
    );
    return bnbAccount(scope, entry.index, address, entry.name);
  },
  deviceEntries,

  CardDetails,
  CardNotice,
  ListNote,
  AccountForm: BnbAccountForm,

  usePage({ chain, account }) {
    const { t } = useTranslation();
    const tabs: PageTab[] = chain.status.archive
      ? [
          {
            value: 'balances',
            testId: 'tab-bnb-balances',
            label: t('bnb.balancesTab'),
            panel: <BalancesTab chain={chain} account={account} />,
          },
          {
            value: 'history',
            testId: 'tab-history',
            label: t('history.tab'),
            panel: <HistoryTab family={family} chain={chain} account={account} />,
          },
        ]
      : [];
    return {
      note: !chain.status.archive && (
        <Text size="xs" c="dimmed" data-testid="bnb-balance-unavailable">
          {t('bnb.balanceUnavailable')}
        </Text>
      ),
      alerts: (
        <>
          <RetiredNotice archive={chain.status.archive} />
          {/* Spec 01 §5: the account page shows BNB's minimum-firmware note (2.9). */}
          <Text size="sm" c="dimmed" data-testid="bnb-firmware-note">
            {t('errors.featureRequiresFirmware', { version: FEATURE_GATES.bnb.mcu })}
          </Text>
        </>
      ),
      tabs,
    };
  },
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address ?? ''),

  /** No receive on a retired chain: funds sent there would be lost. */
  receiveTarget: () => Promise.reject(new ReadOnlyChainError('BNB')),
  receiveWarning: (t) => t('bnb.noSendReceive'),
  showOnDevice: (_chain, path) => currentDevice().showAddress(path),
  buy: () => null,
  Send: NoSend,
};
