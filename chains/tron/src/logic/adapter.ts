/**
 * The TRON adapter (ChainAdapter): accounts with bandwidth, energy and tokens (TRC-10, TRC-20), costs computed from
 * the chain's own parameters before signing, signing on the device (packages/device `signTrx`), finalize with the
 * signer recovered from the txID, broadcast of the signed hex.
 * One operation per file in ops/, each taking the shared TronContext (ops/context.ts); this file only composes them.
 */
import { signingPath } from '@secux-companion/core';
import { accountAddress, explorerLinks } from '@secux-companion/chain-common';
import { validateTronAddress } from './address';
import { burnSentence } from './costs';
import { TRX_DECIMALS, createTronContext } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts } from './ops/discoverAccounts';
import { checkRecipient, getFees } from './ops/estimateFees';
import { getAccountState, getAccountSummary } from './ops/getBalance';
import { reviewRows } from './ops/reviewRows';
import { finalize, sign } from './ops/sign';
import type { TronAdapter, TronBackend } from './types';

export type * from './types';
export { tokenHolding } from './ops/getBalance';

export function createTronChain(backend: TronBackend): TronAdapter {
  const ctx = createTronContext(backend);
  const chain = ctx.chain;
  return {
    chain,
    family: 'tron',
    asset: { symbol: 'TRX', decimals: TRX_DECIMALS },
    capabilities: {
      readOnly: false,
      tokens: true,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: false,
      feeMayBeZero: true,
    },
    explorer: explorerLinks(chain),

    // Accounts and balances
    discoverAccounts: (device, options) => discoverAccounts(ctx, device, options),
    getAccountSummary: (account, options) => getAccountSummary(ctx, account, options),
    getAccountState: (account, options) => getAccountState(ctx, account, options),
    getReceiveAddress: async (account) => ({
      address: accountAddress(account),
      path: signingPath(chain, account.path),
    }),
    getHistory: (account, cursor = null) => backend.history(accountAddress(account), cursor),
    validateAddress: validateTronAddress,
    checkRecipient: (address) => checkRecipient(ctx, address),
    token: (contract, owner) => backend.token(contract, owner),
    params: () => backend.params(),

    // Fees, craft, review, sign, broadcast
    getFees: () => getFees(ctx),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(built),
    burnSentence: (built) => burnSentence(built.unsigned.costs),
    sign: (signer, built) => sign(signer, built),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => backend.broadcast(tx.raw),
  };
}
