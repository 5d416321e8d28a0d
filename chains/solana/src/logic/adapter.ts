/**
 * The Solana adapter (ChainAdapter): SOL accounts with their SPL and Token-2022 tokens, sends of SOL and tokens with
 * the recipient's token account created when missing (its rent read live for its real size), the priority fee from
 * the recent prioritization fees of the accounts written and the compute-unit limit from a simulation, and a
 * blockhash fetched right before the device signs (a transaction whose blockhash expired is never broadcast).
 * One operation per file in ops/, each taking the shared SolanaContext (ops/context.ts); this file only composes them.
 */
import { explorerLinks } from '@secux-companion/chain-common';
import { checkSolanaPath, validateSolanaAddress } from './address';
import { broadcast } from './ops/broadcast';
import { addressOf, createSolanaContext } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts } from './ops/discoverAccounts';
import { getFees } from './ops/estimateFees';
import { getAccountState, getAccountSummary } from './ops/getBalance';
import { reviewRows } from './ops/reviewRows';
import { finalize, sign } from './ops/sign';
import { simulate } from './ops/simulate';
import { memoRequired, mintInfo } from './ops/tokens';
import type { SolanaAdapter, SolanaBackend } from './types';

export type * from './types';
export { blockhashMsLeft, blockhashOf } from './ops/broadcast';
export { tokenHolding } from './ops/getBalance';
export { expectedDeltas, solanaDeltas } from './ops/simulate';
export { SOLANA_MEMO_MAX_BYTES, solanaMemoIssue } from './ops/validateMemo';

export function createSolanaChain(backend: SolanaBackend): SolanaAdapter {
  const ctx = createSolanaContext(backend);
  return {
    chain: ctx.chain,
    family: 'solana',
    asset: { symbol: 'SOL', decimals: ctx.decimals },
    capabilities: {
      readOnly: false,
      tokens: true,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: false,
      feeMayBeZero: true,
    },
    explorer: explorerLinks(ctx.chain),

    // Accounts and balances
    discoverAccounts: (device, options) => discoverAccounts(ctx, device, options),
    getAccountSummary: (account, options) => getAccountSummary(ctx, account, options),
    getAccountState: (account, options) => getAccountState(ctx, account, options),
    getReceiveAddress: async (account) => ({
      address: addressOf(account),
      path: checkSolanaPath(account.path),
    }),
    getHistory: (account, cursor = null) => backend.history(addressOf(account), cursor),
    validateAddress: validateSolanaAddress,

    // Tokens
    mintInfo: (mint) => mintInfo(ctx, mint),
    memoRequired: (recipient, token) => memoRequired(ctx, recipient, token),

    // Fees, craft, review, sign, broadcast
    getFees: () => getFees(ctx),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    simulate: (built) => simulate(ctx, built),
    sign: (signer, built, options) => sign(ctx, signer, built, options),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => broadcast(ctx, tx),
    blockhashStatus: (blockhash) => backend.blockhashValid(blockhash),
  };
}
