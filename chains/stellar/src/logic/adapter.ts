/**
 * The Stellar adapter (ChainAdapter): account state with the minimum balance from the network's base reserve, trustline
 * balances (read-only), a payment or createAccount with a typed memo, signing on the device (packages/device
 * `signXlm`, which rebuilds the same transaction from its details), finalize with stellar-sdk after checking the
 * signature against the account's key.
 * One operation per file in ops/, each taking the shared StellarContext (ops/context.ts); this file only composes them.
 */
import { accountAddress, explorerLinks } from '@secux-companion/chain-common';
import { validateStellarAddress } from './address';
import { stellarAccountPath } from './paths';
import { createStellarContext } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts } from './ops/discoverAccounts';
import { getFees } from './ops/estimateFees';
import { getAccountState, getAccountSummary } from './ops/getBalance';
import { checkRecipient, recipientInfo } from './ops/recipient';
import { reviewRows } from './ops/reviewRows';
import { finalize, sign } from './ops/sign';
import type { StellarAdapter, StellarBackend } from './types';

export type * from './types';
export { XLM_SYNC_MINIMUM } from './ops/discoverAccounts';
export { trustlineHoldings } from './ops/getBalance';
export { signatureBytes } from './ops/sign';

export function createStellarChain(backend: StellarBackend): StellarAdapter {
  const ctx = createStellarContext(backend);
  const chain = ctx.chain;
  return {
    chain,
    family: 'stellar',
    asset: ctx.asset,
    capabilities: {
      readOnly: false,
      memo: { label: 'Memo', types: ['text', 'id', 'hash'] },
      tokens: false,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: false,
    },
    explorer: explorerLinks(chain),

    // Accounts and balances
    discoverAccounts: (device, options) => discoverAccounts(ctx, device, options),
    getAccountSummary: (account, options) => getAccountSummary(ctx, account, options),
    getAccountState: (account, options) => getAccountState(ctx, account, options),
    getReceiveAddress: async (account) => ({
      address: accountAddress(account),
      path: stellarAccountPath(account.path),
    }),
    getHistory: (account, cursor = null) => backend.history(accountAddress(account), cursor),
    validateAddress: validateStellarAddress,
    checkRecipient: (address) => checkRecipient(ctx, address),
    recipientInfo: (address, signal) => recipientInfo(ctx, address, signal),
    network: (signal) => backend.network(signal),

    // Fees, craft, review, sign, broadcast
    getFees: () => getFees(ctx),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    sign: (signer, built) => sign(signer, built),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => backend.broadcast(tx.raw),
  };
}
