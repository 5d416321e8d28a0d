/**
 * The FIO adapter (ChainAdapter) and the name-service operations of the Domain page (spec 03): accounts on
 * m/44'/235'/{account}' (default name FIO + index + 1), balance with available / staked / locked, transfers
 * (trnsfiopubky), and every action of the page built the same way — fee from /get_fee for its end point, max_fee by
 * the spec's rules, TAPOS from the chain, the technology provider id — then signed on the device over the chain id
 * (packages/device signFio) and pushed.
 * One operation per file in ops/, each taking the shared FioContext (ops/context.ts); this file only composes them.
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import { explorerLinks } from '@secux-companion/chain-common';
import type { FioBackend } from './backend';
import { createFioContext, keyOf } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts } from './ops/discoverAccounts';
import { getFees } from './ops/estimateFees';
import { getAccountState, getAccountSummary } from './ops/getBalance';
import { actionFee, buildNameAction, signAndPush } from './ops/nameActions';
import { receiveAddress, validateAddress } from './ops/receive';
import { listRequests } from './ops/requests';
import { reviewRows } from './ops/reviewRows';
import { broadcast, finalize, sign } from './ops/sign';
import type { FioAdapter, FioNameService } from './types';

export type * from './types';
export { fioActor } from './ops/context';
export { balanceOrZeros } from './ops/getBalance';

/** `tpid`: the technology provider id every action carries (the server's setting; '' = none). */
export function createFioChain(
  chain: Extract<ChainSymbol, 'FIO' | 'TFIO'>,
  backend: FioBackend,
  options: { tpid?: string } = {},
): FioAdapter {
  const ctx = createFioContext(chain, backend, options.tpid);
  const names: FioNameService = {
    fee: (kind, handle) => actionFee(ctx, kind, handle),
    build: (account, action, tpid, secrets) => buildNameAction(ctx, account, action, tpid, secrets),
    signAndPush: (signer, built) => signAndPush(ctx, signer, built),
    requests: (accounts, secrets) => listRequests(ctx, accounts, secrets),
    staking: async (publicKey) => backend.staking(publicKey),
  };
  return {
    chain,
    family: 'fio',
    asset: { symbol: chain, decimals: CHAINS[chain].decimals },
    capabilities: {
      readOnly: false,
      tokens: false,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: true,
    },
    explorer: explorerLinks(chain),
    names,

    // Accounts and balances
    discoverAccounts: (device, options) => discoverAccounts(ctx, device, options),
    getAccountSummary: (account, options) => getAccountSummary(ctx, account, options),
    getAccountState: (account, options) => getAccountState(ctx, account, options),
    getReceiveAddress: async (account) => receiveAddress(ctx, account),
    getHistory: (account, cursor = null) => backend.history(keyOf(account), cursor),
    validateAddress: (address) => validateAddress(address),

    // Fees, craft, review, sign, broadcast
    getFees: () => getFees(ctx),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    sign: (signer, built) => sign(signer, built),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => broadcast(ctx, tx),
  };
}
