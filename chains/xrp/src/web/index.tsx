/**
 * The XRP family on the web: one classic address per account (m/44'/144'/{n}'/0/0), accounts recovered by activity
 * and kept on the device's account table, the card's address, the page's reserve and spendable amount (the reserve
 * read live from the server), the inactive-account state, History with the destination tag and explorer links,
 * receive confirmed on the device, Buy (the second provider, spec 01 §9) and the XRP send.
 */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { amountText } from '@secux-companion/web-kit/lib/format';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { AddressCardDetails, historyTab, isInactive } from '@secux-companion/web-kit/singleAddress/page';
import { singleAddressPlumbing } from '@secux-companion/web-kit/singleAddress/plumbing';
import type { WebFamily } from '@secux-companion/web-kit/family/types';
import { getXrpChain, type XrpChain } from './chain';
import { XrpAccountForm, XrpDeleteAccount } from './XrpAccountForm';
import { XrpSendModal, type XrpAccount } from './XrpSendModal';
import { dropsText, xrpDeleteIssue } from './rules';

const COIN_TYPE = 144;

export type { XrpAccount };

const plumbing = singleAddressPlumbing<XrpChain, XrpAccount>({
  coin: 'XRP',
  coinType: COIN_TYPE,
  decimal: 6,
  checkPrevious: true,
});
const { descriptor } = plumbing;

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
  // Recover is the adapter's discovery: the device's XRP accounts (names, indexes) plus probing by activity (gap 1).
  // Receive and show-on-device at the account's address; Buy (spec 01 §9): XRP is on the second (EU) provider's list.
  ...plumbing,

  /** Only an account without XRP and without history (read fresh). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountSummary(descriptor(chain, a), { fresh: true });
    const issue = xrpDeleteIssue(fresh);
    if (issue) throw new AccountActionError(issue);
    await currentDevice().deleteAccount(a.path);
  },

  CardDetails: AddressCardDetails,
  ListNote,
  AccountForm: XrpAccountForm,
  DeleteAccount: XrpDeleteAccount,

  usePage({ chain, account, state }) {
    const { t } = useTranslation();
    const inactive = isInactive(state, account);
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
      tabs: [historyTab(t, family, chain, account)],
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
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'XRP' })} ${t('xrp.receiveNote')}`,
  Send: XrpSendModal,
};
