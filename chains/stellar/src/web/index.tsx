/**
 * The Stellar family on the web: one G… address per account (SEP-5, m/44'/148'/{n}' hardened), accounts recovered by
 * the XLM sync rule and kept on the device's account table, the card's address, the account list's note (the minimum
 * balance, base reserve read live), the page's minimum balance and available amount, the inactive state, trustline
 * balances (read-only), History with memos and explorer links, receive confirmed on the device, Buy (the first
 * provider, spec 01 §9) and the Stellar send.
 */
import { Alert, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TokenHolding } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { amountText, tokenAmountText } from '@secux-companion/web-kit/lib/format';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { AddressCardDetails, historyTab, isInactive } from '@secux-companion/web-kit/singleAddress/page';
import { singleAddressPlumbing } from '@secux-companion/web-kit/singleAddress/plumbing';
import type { WebFamily } from '@secux-companion/web-kit/family/types';
import { getStellarChain, type StellarChain } from './chain';
import { StellarAccountForm, StellarDeleteAccount } from './StellarAccountForm';
import { StellarSendModal } from './StellarSendModal';
import { stellarDeleteIssue, stroopsText, type StellarAccount } from './rules';

const COIN_TYPE = 148;

export type { StellarAccount };

const plumbing = singleAddressPlumbing<StellarChain, StellarAccount>({
  coin: 'XLM',
  coinType: COIN_TYPE,
  decimal: 7,
  // 'Invalid account path' (more than four segments) entries are not Stellar accounts of ours.
  skipEntry: (a) => a.path.trim().split('/').length > 4,
  checkPrevious: true,
});
const { descriptor } = plumbing;

/** Spec 01 §2's note on the XLM account list: the minimum balance each account keeps (base reserve read live). */
function ListNote({ chain }: { chain: StellarChain }) {
  const { t } = useTranslation();
  const network = useQuery({
    queryKey: ['xlm-network'],
    queryFn: () => chain.adapter.network(),
    staleTime: 60_000,
  });
  return (
    <Alert color="blue" data-testid="account-list-note">
      {network.data
        ? t('stellar.listNote', {
            minimum: stroopsText(2n * network.data.baseReserve),
            reserve: stroopsText(network.data.baseReserve),
          })
        : t('stellar.listNoteShort')}
    </Alert>
  );
}

/** Trustline balances, read-only (no send of issued assets in this wallet). */
function AssetsPanel({ tokens }: { tokens: readonly TokenHolding[] | undefined }) {
  const { t } = useTranslation();
  if (!tokens) return <Text c="dimmed">{t('stellar.assets.loading')}</Text>;
  if (tokens.length === 0)
    return (
      <Text c="dimmed" data-testid="stellar-assets-empty">
        {t('stellar.assets.none')}
      </Text>
    );
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('stellar.assets.readOnly')}
      </Text>
      <Table data-testid="stellar-assets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stellar.assets.code')}</Table.Th>
            <Table.Th>{t('stellar.assets.issuer')}</Table.Th>
            <Table.Th>{t('stellar.assets.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((a) => (
            <Table.Tr key={a.contract} data-testid="stellar-asset">
              <Table.Td>{a.symbol}</Table.Td>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {a.contract.split(':')[1] ?? a.contract}
              </Table.Td>
              <Table.Td>{tokenAmountText(a.balance, a)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

export const family: WebFamily<StellarChain, StellarAccount> = {
  id: 'stellar',
  loadChain: () => getStellarChain(),
  // Recover is the adapter's discovery: the device's XLM accounts (names, indexes) plus the XLM sync rule (balance
  // ≥ 1 XLM). Receive and show-on-device at the account's address; Buy (spec 01 §9): XLM is on the first provider's list.
  ...plumbing,

  /** Only an account without XLM and without history (read fresh). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
    const issue = stellarDeleteIssue(fresh);
    if (issue) throw new AccountActionError(issue);
    await currentDevice().deleteAccount(a.path);
  },

  CardDetails: AddressCardDetails,
  ListNote,
  AccountForm: StellarAccountForm,
  DeleteAccount: StellarDeleteAccount,

  usePage({ chain, account, state }) {
    const { t } = useTranslation();
    const inactive = isInactive(state, account);
    return {
      note: state && !inactive && (
        <Text size="xs" c="dimmed" data-testid="xlm-minimum">
          {t('stellar.page.minimum', {
            minimum: amountText(state.reserve ?? 0n, chain.unit),
            available: amountText(state.available, chain.unit),
          })}
        </Text>
      ),
      alerts: inactive && (
        <Alert color="yellow" data-testid="xlm-inactive">
          {t('stellar.page.inactive')}
        </Alert>
      ),
      tabs: [
        historyTab(t, family, chain, account),
        {
          value: 'assets',
          label: t('stellar.assets.tab'),
          testId: 'tab-assets',
          panel: <AssetsPanel tokens={state?.tokens} />,
        },
      ],
    };
  },
  // A payment of XLM and one of an issued asset can share one transaction hash.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}:${op.action ?? ''}`,
  useHistoryExtras() {
    const { t } = useTranslation();
    return {
      action: (op) =>
        op.memo !== undefined || op.action === 'createAccount' ? (
          <Text size="xs" c="dimmed" data-testid="history-memo">
            {[
              op.action === 'createAccount' ? t('stellar.history.createAccount') : null,
              op.memo !== undefined ? t('stellar.history.memo', { memo: op.memo }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : undefined,
    };
  },
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'XLM' })} ${t('stellar.receiveNote')}`,
  Send: StellarSendModal,
};
