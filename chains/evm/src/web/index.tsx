/**
 * The EVM family on the web (ETH, TETH, BSC, TBSC, XDC, HME, and chains the user added): one address per
 * account, the address on cards, Tokens, NFTs (ETH, TETH) and History tabs, an explorer button on chains the
 * user added, and the EVM send (coin, token or NFT).
 */
import { Button, Indicator, Text } from '@mantine/core';
import { accountBasePath, signingPath, supportsBuy, toBareAccountPath } from '@secux-companion/core';
import { hasNftTab, parseTypedData, verifyEvmMessage, type NftAsset } from '@secux-companion/chain-evm';
import { useTranslation } from 'react-i18next';
import { getEvmChain, type EvmChain } from './chains';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { verifyAddressOnDevice } from '@secux-companion/web-kit/device/actions';
import { EXTERNAL_LINK_PROPS } from '@secux-companion/web-kit/lib/links';
import { HistoryTab } from '@secux-companion/web-kit/accounts/history/HistoryTab';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { featureAvailable } from '@secux-companion/web-kit/accounts/sendGate';
import { checkPreviousAccount } from '@secux-companion/web-kit/accounts/createRules';
import { useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import type { EvmAccount } from './tab/account';
import {
  assertEvmAccountDeletable,
  evmAccountName,
  evmDeleteBlock,
  nextEvmAccountIndex,
  previousEvmAccount,
} from './tab/naming';
import { ApprovalsTab } from './tab/ApprovalsTab';
import { NftTab } from './tab/NftTab';
import { clearTokenSettings, deviceTokens, portfolioTokens, readTokenSettings } from './tab/tokens';
import { TokensTab, tokenRedDot, useAccountTokens } from './tab/TokensTab';
import type { DeviceEntry, SendProps, WebFamily } from '@secux-companion/web-kit/family/types';
import { EvmAccountFormModal } from './EvmAccountFormModal';
import { EvmSendModal, type SendAsset } from './send/EvmSendModal';

const COIN_TYPE = 60;
/** A chain the user added (symbol 'EVM'): no History tab, no Buy, an Explorer button. */
const added = (chain: EvmChain) => chain.spec.symbol === 'EVM';

function deviceEntry(chain: EvmChain, a: Pick<EvmAccount, 'name' | 'path' | 'balance'>) {
  return {
    name: a.name,
    path: a.path,
    balance: a.balance < 0n ? '0' : a.balance.toString(),
    symbol: chain.spec.coin,
    decimal: chain.spec.decimals,
    chainId: chain.spec.chainId,
  };
}

function evmAccount(scope: string, index: number, address: string, name: string): EvmAccount {
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

const descriptor = (chain: EvmChain, a: EvmAccount) => ({
  chain: chain.spec.symbol,
  index: a.index,
  bip: 44 as const,
  path: a.path,
  address: a.address,
});

async function withSummary(chain: EvmChain, a: EvmAccount): Promise<EvmAccount> {
  const s = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
  return { ...a, balance: s.balance, pending: s.pending, txCount: s.txCount };
}

async function deviceEntries(chain: EvmChain): Promise<DeviceEntry[]> {
  const out: DeviceEntry[] = [];
  for (const a of await currentDevice().getAccounts(COIN_TYPE, chain.spec.chainId)) {
    try {
      const m = /^m\/44'\/60'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && !out.some((e) => e.index === Number(m[1])))
        out.push({ index: Number(m[1]), bip: 44, name: a.name });
    } catch {
      // not an account path
    }
  }
  return out;
}

function CardDetails({ account }: { chain: EvmChain; account: EvmAccount }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

export const family: WebFamily<EvmChain, EvmAccount> = {
  id: 'evm',
  loadChain: getEvmChain,
  descriptor,

  /** The adapter's discovery: the device's list (coin 60, chain id) for names and indexes, plus probing by activity. */
  async recover(chain, scope) {
    const found = await chain.adapter.discoverAccounts(currentDevice());
    return found.map((d) => ({
      ...evmAccount(scope, d.descriptor.index, d.descriptor.address ?? '', d.name),
      balance: d.summary.balance,
      txCount: d.summary.txCount,
    }));
  },
  async syncToDevice(chain, accounts) {
    for (const a of accounts) await currentDevice().setAccount(deviceEntry(chain, a));
  },
  refresh: (chain, accounts) => Promise.all(accounts.map((a) => withSummary(chain, a))),
  /** The tokens the user switched on for the account, their balances in one batch (the Tokens tab's read). */
  tokenHoldings: portfolioTokens,
  /**
   * The first unused index, written to the device. The account it follows is read fresh first: its history length
   * unreadable → err-17, empty → warm-002 (accounts/createRules, as bitcoin).
   */
  async create(chain, scope, accounts, input) {
    const index = nextEvmAccountIndex(accounts);
    await checkPreviousAccount(previousEvmAccount(accounts, index), (a) => withSummary(chain, a));
    const path = accountBasePath(44, COIN_TYPE, index);
    const address = await currentDevice().getAddress(signingPath(chain.spec.symbol, path));
    const account = evmAccount(scope, index, address, input.name.trim() || evmAccountName(chain, index));
    await currentDevice().setAccount(deviceEntry(chain, account));
    return account;
  },
  async rename(chain, a, name) {
    await currentDevice().setAccount(deviceEntry(chain, { ...a, name }));
  },
  /**
   * 'Can not delete an active account' when the balance is above 0; native chains also need no enabled
   * tokens and no history (err-11). Spec 01 §6: the account's token entries are deleted from the device
   * first (a token read from the device but never switched on still has an entry), then the account.
   */
  async remove(chain, a) {
    if (added(chain)) assertEvmAccountDeletable(a);
    else {
      const fresh = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
      const enabledTokens = readTokenSettings(chain.spec.chainId, a.address).enabled.length;
      const block = evmDeleteBlock(chain.spec.symbol, {
        balance: fresh.balance,
        txCount: fresh.txCount,
        enabledTokens,
      });
      if (block === 'active') assertEvmAccountDeletable(fresh);
      else if (block) throw new AccountActionError(block);
    }
    const device = currentDevice();
    for (const token of await deviceTokens(chain, a))
      await device.deleteToken(signingPath(chain.spec.symbol, a.path), token.contract, chain.spec.chainId);
    await device.deleteAccount(a.path, chain.spec.chainId);
    clearTokenSettings(chain.spec.chainId, a.address);
  },
  async fromDevice(chain, scope, entry) {
    const address = await currentDevice().getAddress(
      signingPath(chain.spec.symbol, accountBasePath(44, COIN_TYPE, entry.index)),
    );
    return evmAccount(scope, entry.index, address, entry.name);
  },
  deviceEntries,

  CardDetails,
  AccountForm: ({ chain, accounts, mode, onClose }) => (
    <EvmAccountFormModal chain={chain} accounts={accounts} mode={mode} onClose={onClose} />
  ),

  usePage({ chain, account, openSend }) {
    const { t } = useTranslation();
    const tokens = useAccountTokens(chain, account);
    // NFTs need MCU 2.20 (spec 01 §5): below it there is no NFT tab, the only place an NFT send starts.
    const nftFirmware = useDeviceInfo((s) => featureAvailable('nft', s));
    const explorer =
      added(chain) && !chain.local ? chain.adapter.explorer.address(account.address) : undefined;
    return {
      actions: explorer && (
        <Button
          variant="outline"
          component="a"
          href={explorer}
          {...EXTERNAL_LINK_PROPS}
          data-testid="account-explorer"
        >
          {t('evm.explorer')}
        </Button>
      ),
      tabs: [
        {
          value: 'tokens',
          testId: 'tab-tokens',
          label: (
            <Indicator
              disabled={!tokenRedDot(tokens.deviceCount, tokens.settings)}
              color="red"
              size={8}
              offset={-4}
              label=""
              data-testid="tokens-red-dot"
            >
              {t('tokens.tab')}
            </Indicator>
          ),
          panel: (
            <TokensTab
              chain={chain}
              account={account}
              state={tokens}
              onSend={(contract) => openSend({ kind: 'token', contract } satisfies SendAsset)}
            />
          ),
        },
        ...(hasNftTab(chain.spec.symbol) && nftFirmware
          ? [
              {
                value: 'nfts',
                testId: 'tab-nfts',
                label: t('nft.tab'),
                panel: (
                  <NftTab
                    chain={chain}
                    account={account}
                    onSend={(asset: NftAsset) => openSend({ kind: 'nft', asset } satisfies SendAsset)}
                  />
                ),
              },
            ]
          : []),
        // Approvals (issue 32): on the chains whose server searches the chain's events (the native chains); a chain the
        // user added reads its own RPC, which has no log source.
        ...(!added(chain) && chain.adapter.hasApprovals
          ? [
              {
                value: 'approvals',
                testId: 'tab-approvals',
                label: t('evm.approvals.tab'),
                panel: <ApprovalsTab chain={chain} account={account} />,
              },
            ]
          : []),
        // Only the native chains have a history source; a chain the user added (evmaccount, spec 01) has none.
        ...(added(chain)
          ? []
          : [
              {
                value: 'history',
                testId: 'tab-history',
                label: t('history.tab'),
                panel: <HistoryTab family={family} chain={chain} account={account} />,
              },
            ]),
      ],
    };
  },
  // A coin transfer and token transfers can share one hash.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  // The simple link when the history cannot be read: the address on the chain's explorer.
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),

  receiveTarget: (chain, a) => chain.adapter.getReceiveAddress(descriptor(chain, a)),
  receiveWarning: (t, chain, _a, target) =>
    t(target?.instructionKey ?? 'errors.state-004', {
      coin: chain.spec.coin,
      chain: chain.spec.name,
    }),
  showOnDevice: (chain, path) => currentDevice().showAddress(path, { chainId: chain.spec.chainId }),
  // Buy (spec 01 §9): the native chains a provider supports (ETH, BSC); never a chain the user added.
  buy: (chain, account) =>
    !added(chain) && supportsBuy(chain.spec.symbol)
      ? {
          // The account's own address and its signing path (as the Receive modal shows it), shown with the chain id.
          loadTarget: async () => {
            const { address, path } = await chain.adapter.getReceiveAddress(descriptor(chain, account));
            return { address, path };
          },
          verify: (path) => verifyAddressOnDevice(path, chain.spec.chainId),
        }
      : null,
  Send: EvmSend,
  // personal_sign and EIP-712 typed data, signed with the account's key (issue 32); typed data for another chain is
  // flagged before signing.
  messages: (chain) => ({
    signs: ['text', 'typed'],
    verifies: ['text', 'typed'],
    preview: (input) => {
      const { tree, chainId } = parseTypedData(input);
      return chainId !== undefined && chainId !== chain.spec.chainId
        ? { tree, warningKey: 'messages.otherChain' }
        : { tree };
    },
    sign: (path, kind, input) =>
      kind === 'typed'
        ? currentDevice().signEthTypedData(path, input)
        : currentDevice().signEthMessage(path, input),
    verify: verifyEvmMessage,
  }),
};

function EvmSend({ chain, account, initial, onClose, onDone }: SendProps<EvmChain, EvmAccount>) {
  const tokens = useAccountTokens(chain, account);
  return (
    <EvmSendModal
      account={account}
      chain={chain}
      tokens={tokens.tokens}
      initial={(initial as SendAsset | undefined) ?? { kind: 'coin' }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
