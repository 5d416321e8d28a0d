/**
 * The EVM ChainAdapter (ETH, TETH, BSC, TBSC, XDC, HME and user-added chains). All chain data comes through
 * {@link EvmBackend} (domain types only), which network/ implements: over the product API
 * (network/productApi.ts) or, for an RPC the user added, straight from the browser (network/jsonRpc.ts).
 * One operation per file in ops/, each taking the shared EvmContext (ops/context.ts); this file only composes them.
 */
import { toApiAddress } from './address';
import type { EvmChainSpec } from './chains';
import { evmExplorerLinks } from './explorer';
import { hasNftTab } from './nft';
import { broadcast, transactionOutcome } from './ops/broadcast';
import { createEvmContext } from './ops/context';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts, discoverWithSummaries } from './ops/discoverAccounts';
import { estimateL1Fee, getEvmFees, getFees } from './ops/estimateFees';
import { getAccount, getAccountState, getAccountSummary } from './ops/getBalance';
import { getNonce } from './ops/getNonce';
import { listOperations } from './ops/listOperations';
import { receiveAddress, validateAddress } from './ops/receive';
import { reviewRows } from './ops/reviewRows';
import { finalize, sign } from './ops/sign';
import { simulate } from './ops/simulate';
import { discoverListedTokens, getTokenBalances, lookupToken } from './ops/tokens';
import type { EvmAdapter, EvmAdapterOptions, EvmBackend, EvmBuiltTransaction } from './types';

export type * from './types';
export { evmDeltas } from './ops/simulate';

export function createEvmAdapter(
  spec: EvmChainSpec,
  backend: EvmBackend,
  options: EvmAdapterOptions = {},
): EvmAdapter {
  const ctx = createEvmContext(spec, backend, options);
  const chain = spec.symbol;
  return {
    chain,
    family: 'evm',
    asset: { symbol: spec.coin, decimals: spec.decimals },
    capabilities: {
      readOnly: false,
      tokens: true,
      nfts: hasNftTab(chain),
      speedUp: false,
      multipleAddresses: false,
      staking: false,
    },
    spec,
    explorer: evmExplorerLinks(spec),

    // Accounts and balances
    discoverAccounts: (device, discover) => discoverAccounts(ctx, device, discover),
    discoverWithSummaries: (keys, discover) => discoverWithSummaries(ctx, keys, discover),
    getAccount: async (address) => getAccount(ctx, address),
    getAccountSummary: async (account) => getAccountSummary(ctx, account),
    getAccountState: async (account) => getAccountState(ctx, account),
    receiveAddress: (account) => receiveAddress(ctx, account),
    getReceiveAddress: async (account) => receiveAddress(ctx, account),
    getHistory: (account, cursor) => listOperations(ctx, account, cursor),
    validateAddress: (address) => validateAddress(ctx, address),

    // Tokens and NFTs
    getTokenBalances: (address, contracts) => getTokenBalances(ctx, address, contracts),
    discoverListedTokens: (address) => discoverListedTokens(ctx, address),
    lookupToken: (contract, existing) => lookupToken(ctx, contract, existing),
    async getNfts(address) {
      if (!hasNftTab(chain) || !backend.getNfts) return [];
      return backend.getNfts(toApiAddress(chain, address));
    },

    // Approvals (issue 32): read from the server; revoked with build({ intent: revokeIntent(a) }).
    hasApprovals: !!backend.getApprovals,
    async getApprovals(address) {
      if (!backend.getApprovals) throw new Error('approvals are not available on this chain');
      return backend.getApprovals(toApiAddress(chain, address));
    },

    // Fees, craft, review, sign, broadcast
    getEvmFees: () => getEvmFees(ctx),
    getFees: () => getFees(ctx),
    getNonce: async (address) => (await getNonce(ctx, toApiAddress(chain, address))).nonce,
    estimateL1Fee: (from, intent, nonce, tier) => estimateL1Fee(ctx, from, intent, nonce, tier),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    simulate: (built) => simulate(ctx, built as EvmBuiltTransaction),
    sign: (signer, built, signOptions) => sign(signer, built, signOptions),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => broadcast(ctx, tx),
    transactionOutcome: (hash) => transactionOutcome(ctx, hash),
  };
}
