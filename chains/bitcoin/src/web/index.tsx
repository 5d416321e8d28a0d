/**
 * The bitcoin family on the web (BTC, TBTC, LTC, BCH, GRS, DASH, DGB, DOGE): accounts per purpose (44, 49,
 * plus 84 and 86 for BTC) keyed by their xpub, the address-type badge and pending amount on cards, History
 * with Speed up, the next unused receive address, and the bitcoin send.
 */
import { Alert, Badge, Button, Text } from '@mantine/core';
import { btcAddressTypeLabel, CHAINS, supportsBuy, toBareAccountPath } from '@secux-companion/core';
import { deviceAddress, verifyMessage } from '@secux-companion/chain-bitcoin';
import type { DiscoveredAccount, Operation } from '@secux-companion/chain-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBitcoinChain, type BitcoinChain } from './chains';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { amountText } from '@secux-companion/web-kit/lib/format';
import { HistoryTab } from '@secux-companion/web-kit/accounts/history/HistoryTab';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { checkPreviousAccount } from '@secux-companion/web-kit/accounts/createRules';
import type { DeviceEntry, WebFamily } from '@secux-companion/web-kit/family/types';
import { VALUE_RANGE_MS, reconstructBalanceHistory } from '@secux-companion/web-kit/portfolio/balanceHistory';
import { accountAt, descriptorOf, type AppAccount } from './account';
import { AccountFormModal } from './AccountFormModal';
import { DeleteAccountModal } from './DeleteAccountModal';
import { deleteAccountIssue, newAccount, previousAccount } from './rules';
import { SendModal } from './send/SendModal';
import { SpeedUpModal } from './send/SpeedUpModal';
import { speedUpKindFor } from './send/speedUpRules';

const coinOf = (chain: BitcoinChain) => chain.adapter.chain;

/** Chains whose server keeps no balance history (a node only), until when it is not asked again. */
const noBalanceHistory = new WeakMap<BitcoinChain, number>();
const NO_BALANCE_HISTORY_MS = 10 * 60_000;
/** A chain's first balance-history read, while the chain's other accounts wait for its answer. */
const firstBalanceHistory = new WeakMap<BitcoinChain, Promise<void>>();

/**
 * The server's balance history of an account, or null where it keeps none (a node only) or the read failed: then
 * the chain is not asked again for a while. The chain's first read goes alone, so the value chart's accounts learn
 * from one failure instead of each failing (a product-API request each).
 */
async function serverBalanceHistory<T>(chain: BitcoinChain, read: () => Promise<T>): Promise<T | null> {
  const first = firstBalanceHistory.get(chain);
  if (first) await first;
  if ((noBalanceHistory.get(chain) ?? 0) >= Date.now()) return null;
  const attempt = read().catch(() => {
    noBalanceHistory.set(chain, Date.now() + NO_BALANCE_HISTORY_MS);
    return null;
  });
  if (!first)
    firstBalanceHistory.set(
      chain,
      attempt.then(() => undefined),
    );
  return attempt;
}

/** Fresh figures of an account from the adapter (one request, past the short cache). */
async function withSummary(chain: BitcoinChain, a: AppAccount): Promise<AppAccount> {
  const s = await chain.adapter.getAccountSummary(descriptorOf(a), { fresh: true });
  return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
}

function fromDiscovery(chain: BitcoinChain, d: DiscoveredAccount, idx: number): AppAccount {
  return accountAt(coinOf(chain), d.descriptor.bip, d.descriptor.index, {
    idx,
    extendPubKey: d.descriptor.xpub ?? '',
    name: d.name,
    balance: d.summary.balance,
    pending: d.summary.pending,
    txCount: d.summary.txCount,
  });
}

/** The next receive address (after the last used one; Taproot within its 5), from the adapter. */
async function nextReceiveAddress(chain: BitcoinChain, a: AppAccount) {
  const { address, path } = await chain.adapter.getReceiveAddress(descriptorOf(a));
  return { address, path };
}

function deviceWrite(a: AppAccount, name = a.name) {
  return {
    name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: a.chain,
    decimal: CHAINS[a.chain].decimals,
  };
}

function CardDetails({ account }: { chain: BitcoinChain; account: AppAccount }) {
  const label =
    account.chain === 'BTC' || account.chain === 'TBTC' ? btcAddressTypeLabel(account.bip) : undefined;
  return label ? (
    <Badge variant="light" mt={4} data-testid="account-type">
      {label}
    </Badge>
  ) : null;
}

function CardNotice({ chain, account }: { chain: BitcoinChain; account: AppAccount }) {
  const { t } = useTranslation();
  if (account.pending === 0n) return null;
  return (
    <Text size="xs" c="orange" data-testid="account-pending">
      {t('accounts.pending', { amount: amountText(account.pending, chain.unit) })}
    </Text>
  );
}

export const family: WebFamily<BitcoinChain, AppAccount> = {
  id: 'bitcoin',
  loadChain: getBitcoinChain,
  descriptor: (_chain, a) => descriptorOf(a),

  /** The adapter's discovery: the device's table (names, indexes kept), then probing per bip while used. */
  async recover(chain, _scope, options = {}) {
    const found = await chain.adapter.discoverAccounts(
      currentDevice(),
      options.onProgress ? { onProgress: options.onProgress } : {},
    );
    const now = Date.now();
    return found.map((d, n) => fromDiscovery(chain, d, now + n));
  },
  /** Writes each account back to the device (name, path, balance in satoshis). */
  async syncToDevice(_chain, accounts) {
    for (const a of accounts) await currentDevice().setAccount(deviceWrite(a));
  },
  refresh: (chain, accounts) => Promise.all(accounts.map((a) => withSummary(chain, a))),
  /**
   * The previous account of the purpose, read fresh: its history length unreadable → err-17 ('history length
   * error'), empty → warm-002 (accounts/createRules); device failures are rethrown.
   */
  async create(chain, _scope, accounts, input) {
    const coin = coinOf(chain);
    const bip = input.bip ?? CHAINS[coin].defaultBip;
    const prev = previousAccount(accounts, bip);
    const updated = await checkPreviousAccount(prev, (a) => withSummary(chain, a));
    const fresh = updated ? accounts.map((a) => (a.id === updated.id ? updated : a)) : accounts;
    const device = currentDevice();
    const probe = newAccount(coin, fresh, bip, '', input.name);
    const account = { ...probe, extendPubKey: await device.getXPublicKey(probe.path) };
    await device.setAccount(deviceWrite(account));
    return account;
  },
  async rename(_chain, a, name) {
    await currentDevice().setAccount(deviceWrite(a, name));
  },
  /** Only an empty account (no balance, no history): err-11 otherwise. */
  async remove(_chain, a) {
    const issue = deleteAccountIssue(a);
    if (issue) throw new AccountActionError(issue);
    await currentDevice().deleteAccount(a.path);
  },
  async fromDevice(chain, _scope, entry) {
    const coin = coinOf(chain);
    const probe = accountAt(coin, entry.bip, entry.index, {
      idx: Date.now(),
      extendPubKey: '',
      name: entry.name,
    });
    return { ...probe, extendPubKey: await currentDevice().getXPublicKey(probe.path) };
  },
  async deviceEntries(chain) {
    const info = CHAINS[coinOf(chain)];
    const out: DeviceEntry[] = [];
    for (const a of await currentDevice().getAccounts(info.coinType)) {
      try {
        const m = /^m\/(\d+)'\/(\d+)'\/(\d+)'$/.exec(toBareAccountPath(a.path));
        const bip = Number(m?.[1]) as DeviceEntry['bip'];
        if (m && chain.adapter.network.bips.includes(bip) && info.bips.includes(bip))
          out.push({ bip, index: Number(m[3]), name: a.name });
      } catch {
        // not an account path
      }
    }
    return out;
  },

  CardDetails,
  CardNotice,
  AccountForm: ({ chain, mode, onClose }) => <AccountFormModal chain={chain} mode={mode} onClose={onClose} />,
  DeleteAccount: ({ account, onClose }) => <DeleteAccountModal account={account} onClose={onClose} />,

  usePage({ chain, account, state }) {
    const { t } = useTranslation();
    return {
      note:
        state && state.pending !== 0n ? (
          <Text size="xs" c="orange">
            {t('accounts.available', { amount: amountText(state.available, chain.unit) })}
          </Text>
        ) : undefined,
      alerts: account.chain === 'BCH' ? <Alert color="blue">{t('accounts.bchNote')}</Alert> : undefined,
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

  useHistoryExtras({ chain, account }) {
    const { t } = useTranslation();
    const deviceType = useDeviceInfo((s) => s.deviceType);
    const [speedUp, setSpeedUp] = useState<Operation | null>(null);
    return {
      action: (op) => {
        const kind = speedUpKindFor(op, chain, deviceType);
        return kind ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setSpeedUp(op)}
            data-testid="history-speed-up"
            data-kind={kind}
          >
            {t('speedUp.button')}
          </Button>
        ) : undefined;
      },
      overlay: speedUp && (
        <SpeedUpModal
          account={account}
          chain={chain}
          operation={speedUp}
          kind={speedUpKindFor(speedUp, chain, deviceType)!}
          onClose={() => setSpeedUp(null)}
        />
      ),
    };
  },

  // The simple link when the history cannot be read: the account's first receive address on the explorer (the
  // public explorers take addresses, not extended keys).
  historyLink: (chain, a) =>
    chain.adapter.explorer.address(chain.adapter.keysOf(descriptorOf(a)).receive(0).address),
  receiveTarget: nextReceiveAddress,
  receiveWarning: (t, _chain, a) =>
    a.chain === 'BTC' || a.chain === 'TBTC'
      ? t('receive.brc20Warning')
      : t('errors.state-004', { coin: a.chain }),
  showOnDevice: (_chain, path) => currentDevice().showAddress(path),
  buy: (chain, account) =>
    supportsBuy(account.chain)
      ? {
          // The next receive address, as the Receive modal shows it.
          loadTarget: () => nextReceiveAddress(chain, account),
          deviceForm: (address) => deviceAddress(chain.adapter.network, address),
        }
      : null,
  Send: ({ chain, account, onClose, onDone }) => (
    <SendModal account={account} chain={chain} onClose={onClose} onDone={onDone} />
  ),
  // The value chart: Blockbook's balance history through the server; without one (a node only), or when it
  // fails, the shared reconstruction from the account's history.
  balanceHistory: async (chain, a, range) => {
    const now = Date.now();
    const from = now - VALUE_RANGE_MS[range];
    const account = descriptorOf(a);
    const served = await serverBalanceHistory(chain, () =>
      chain.adapter.getBalanceHistory(account, { balance: a.balance, pending: a.pending }, from, now),
    );
    return (
      served ?? reconstructBalanceHistory((c) => chain.adapter.getHistory(account, c), a.balance, from, now)
    );
  },
  // Signed messages (BIP-137) are checked on the chains whose wallets sign them; the device does not sign them.
  messages: (chain) => {
    const network = chain.adapter.network;
    if (!network.messageMagic) return undefined;
    return {
      signs: [],
      verifies: ['text'],
      verify: async (_kind, address, message, signature) =>
        verifyMessage(network, address, message, signature),
    };
  },
};
