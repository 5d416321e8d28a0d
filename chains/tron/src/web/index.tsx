/**
 * The TRON family on the web: one T… address per account (m/44'/195'/{n}'/0/0 — the signing path ends in 0), accounts
 * recovered by activity and kept on the device's account table, the card's address, the page's bandwidth and energy,
 * the Tokens tab (TRC-10 and TRC-20, kept on the device's token table), History with explorer links, receive confirmed
 * on the device, Buy (the second provider, spec 01 §9) and the TRON send with what it burns.
 */
import { Alert, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tronTokenType } from '@secux-companion/chain-tron';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { AddressCardDetails, historyTab, isInactive } from '@secux-companion/web-kit/singleAddress/page';
import {
  deleteAccountWithTokens,
  heldTokens,
  singleAddressPlumbing,
} from '@secux-companion/web-kit/singleAddress/plumbing';
import type { WebFamily } from '@secux-companion/web-kit/family/types';
import { tokenTransferMoves } from '@secux-companion/web-kit/portfolio/balanceHistory';
import { getTronChain, type TronChain } from './chain';
import { TronAccountForm, TronDeleteAccount } from './TronAccountForm';
import { TronSendModal } from './TronSendModal';
import { TronTokensTab } from './TokensTab';
import { tronDeleteIssue, type TronAccount } from './rules';

const COIN_TYPE = 195;

export type { TronAccount };

const plumbing = singleAddressPlumbing<TronChain, TronAccount>({
  coin: 'TRX',
  coinType: COIN_TYPE,
  decimal: 6,
  checkPrevious: true,
});
const { descriptor } = plumbing;

export const family: WebFamily<TronChain, TronAccount> = {
  id: 'tron',
  loadChain: () => getTronChain(),
  // Recover is the adapter's discovery: the device's TRX accounts (names, indexes) plus probing by activity (gap 1).
  // Receive and show-on-device at the account's address; Buy (spec 01 §9): TRX is on the second (EU) provider's list.
  ...plumbing,

  /** Only an account without TRX, tokens and history (read fresh); its token entries go first (spec 01 §6). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountState(descriptor(chain, a), { fresh: true });
    const issue = tronDeleteIssue(fresh, fresh.tokens?.filter((x) => x.balance > 0n).length ?? 0);
    if (issue) throw new AccountActionError(issue);
    await deleteAccountWithTokens(COIN_TYPE, a.path);
  },

  /** The funded tokens discovery's read gave: TRC-20 priced by contract; a TRC-10 asset has no contract to price. */
  tokenHoldings: async (_chain, a) =>
    heldTokens(a, (t) => (tronTokenType(t.contract) === 'trc20' ? t.contract : null)),
  /**
   * The value chart's token balances: the history lists every TRC-20 transfer (the index's TRC-20 list, one
   * operation each) and every TRC-10 transfer as its own operation, so each token walks back from its balance.
   */
  tokenMoves: tokenTransferMoves,

  CardDetails: AddressCardDetails,
  AccountForm: TronAccountForm,
  DeleteAccount: TronDeleteAccount,

  usePage({ chain, account, state, openSend }) {
    const { t } = useTranslation();
    const inactive = isInactive(state, account);
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
        historyTab(t, family, chain, account),
      ],
    };
  },
  // A TRX movement and a token movement never share an id, but keep the key unique per token anyway.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'TRX' })} ${t('tron.receiveNote')}`,
  Send: TronSendModal,
};
