/**
 * The XRP Ledger adapter (ChainAdapter): account state with the live reserve, a Payment with destination tag and
 * LastLedgerSequence, signing on the device (packages/device `signXrp`), finalize with xrpl's codec and hash.
 * One operation per file in ops/, each taking the shared XrpContext (ops/context.ts); this file only composes them.
 */
import { CHAINS, signingPath } from '@secux-companion/core';
import { accountAddress, explorerLinks } from '@secux-companion/chain-common';
import { validateXrpAddress } from './address';
import { discoverAccounts, getAccountState, getAccountSummary } from './ops/accounts';
import { createXrpContext } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { checkRecipient, recipientInfo } from './ops/recipient';
import { reviewRows } from './ops/reviewRows';
import { finalize, sign } from './ops/sign';
import { simulate } from './ops/simulate';
import type { XrpAdapter, XrpBackend } from './types';

export type * from './types';
export { xrpDeltas } from './ops/simulate';

export function createXrpChain(backend: XrpBackend): XrpAdapter {
  const ctx = createXrpContext(backend);
  const chain = ctx.chain;
  return {
    chain,
    family: 'xrp',
    asset: { symbol: 'XRP', decimals: ctx.decimals },
    capabilities: {
      readOnly: false,
      memo: { label: 'Tag', types: ['tag'] },
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
      path: signingPath(chain, account.path),
    }),
    getHistory: (account, cursor = null) => backend.history(accountAddress(account), cursor),
    validateAddress: validateXrpAddress,
    checkRecipient: (address) => checkRecipient(ctx, address),
    recipientInfo: (address, signal) => recipientInfo(ctx, address, signal),
    ledger: (signal) => backend.ledger(signal),

    // Fees, craft, review, sign, broadcast
    getFees: async () => ({
      tiers: await backend.fees(),
      unit: 'drops',
      basis: 'perTransaction',
      hidden: CHAINS.XRP.hiddenFee,
    }),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    simulate: (built) => simulate(backend, built),
    sign: (signer, built) => sign(signer, built),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => backend.broadcast(tx.raw),
  };
}
