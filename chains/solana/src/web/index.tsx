/**
 * The Solana family on the web: one address per account (m/44'/501'/{n}', hardened to the end), accounts recovered by
 * activity and kept on the device's account table, the card's address, the Tokens tab (SPL and Token-2022, added to
 * and hidden from the device's token table), History with explorer links, receive confirmed on the device, Buy (the
 * first provider, spec 01 §9) and the send of SOL and tokens.
 */
import { useTranslation } from 'react-i18next';
import { AccountActionError } from '@secux-companion/web-kit/accounts/store';
import { AddressCardDetails, historyTab } from '@secux-companion/web-kit/singleAddress/page';
import {
  deleteAccountWithTokens,
  heldTokens,
  singleAddressPlumbing,
} from '@secux-companion/web-kit/singleAddress/plumbing';
import type { WebFamily } from '@secux-companion/web-kit/family/types';
import { getSolanaChain, type SolanaChain } from './chain';
import { SolanaAccountForm, SolanaDeleteAccount } from './SolanaAccountForm';
import { SolanaSendModal } from './SolanaSendModal';
import { SolanaTokensTab } from './TokensTab';
import { solanaDeleteIssue, type SolanaAccount } from './rules';
import { verifySolanaMessage } from '@secux-companion/chain-solana';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';

const COIN_TYPE = 501;

export type { SolanaAccount };

const plumbing = singleAddressPlumbing<SolanaChain, SolanaAccount>({
  coin: 'SOL',
  coinType: COIN_TYPE,
  decimal: 9,
  skipEntry: (entry) => !!entry.contract, // a token entry
  checkPrevious: true,
});
const { descriptor } = plumbing;

export const family: WebFamily<SolanaChain, SolanaAccount> = {
  id: 'solana',
  loadChain: () => getSolanaChain(),
  // Recover is the adapter's discovery: the device's SOL accounts (names, indexes) plus probing by activity (gap 1).
  // Receive and show-on-device at the account's address; Buy (spec 01 §9): SOL is on the first provider's list.
  ...plumbing,

  /** Only an account without SOL, history or tokens (read fresh); its token entries go first (spec 01 §6). */
  async remove(chain, a) {
    const fresh = await chain.adapter.getAccountState(descriptor(chain, a), { fresh: true });
    const issue = solanaDeleteIssue(fresh, fresh.tokens?.length ?? 0);
    if (issue) throw new AccountActionError(issue);
    await deleteAccountWithTokens(COIN_TYPE, a.path);
  },

  /** The funded SPL and Token-2022 tokens discovery's read gave, priced by mint. */
  tokenHoldings: async (_chain, a) => heldTokens(a, (t) => t.contract),

  CardDetails: AddressCardDetails,
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
        historyTab(t, family, chain, account),
      ],
    };
  },
  // A SOL movement and a token movement can share one signature.
  historyKey: (op) => `${op.hash}:${op.token?.contract ?? ''}`,
  historyLink: (chain, a) => chain.adapter.explorer.address(a.address),
  receiveWarning: (t) => `${t('errors.state-004', { coin: 'SOL' })} ${t('solana.receiveNote')}`,
  Send: SolanaSendModal,
  // Off-chain messages as Solana wallets sign them: Ed25519 over the text's bytes (issue 32).
  messages: () => ({
    signs: ['text'],
    verifies: ['text'],
    sign: (path, _kind, input) => currentDevice().signSolMessage(path, input),
    verify: (_kind, address, message, signature) => verifySolanaMessage(address, message, signature),
  }),
};
