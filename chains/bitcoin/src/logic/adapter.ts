/**
 * The bitcoin-family ChainAdapter. All chain data comes through {@link BitcoinBackend}
 * (domain types only), which `network/` implements; the operations in ops/ are its only callers.
 * One operation per file in ops/, each taking the shared BitcoinContext (ops/context.ts); this file only composes them.
 */
import { explorerLinks } from '@secux-companion/chain-common';
import type { NetworkId } from './networks';
import { createBitcoinContext, keysOf, xpubOf } from './ops/context';
import { getBalanceHistory } from './ops/balanceHistory';
import { craftTransaction } from './ops/craftTransaction';
import { discoverAccounts } from './ops/discoverAccounts';
import { getFees } from './ops/estimateFees';
import { getAccountState, getAccountSummary } from './ops/getBalance';
import { getReceiveAddress, validateAddress } from './ops/receive';
import { reviewRows } from './ops/reviewRows';
import { broadcast, finalize, sign } from './ops/sign';
import { speedUpCpfp, speedUpRbf } from './ops/speedUp';
import type { BitcoinAdapter, BitcoinAdapterOptions, BitcoinBackend } from './types';

export type {
  AccountSummary,
  BackendUtxo,
  BitcoinAdapter,
  BitcoinAdapterOptions,
  BitcoinBackend,
  BitcoinFamily,
  BtcKeySource,
  BtcSigner,
  UsedAddress,
} from './types';
export { isUsedSummary } from './ops/discoverAccounts';
export { receiveIndex } from './ops/receive';

export function createBitcoinAdapter(
  networkId: NetworkId,
  backend: BitcoinBackend,
  options: BitcoinAdapterOptions = {},
): BitcoinAdapter {
  const ctx = createBitcoinContext(networkId, backend, options);
  const { network, chain, info } = ctx;
  return {
    chain,
    family: 'bitcoin',
    asset: { symbol: chain, decimals: info.decimals },
    capabilities: {
      readOnly: false,
      tokens: false,
      nfts: false,
      // Where new sends signal BIP-125 (BTC, TBTC, the local regtest): see UtxoNetwork.rbf.
      speedUp: network.rbf,
      multipleAddresses: true,
      staking: false,
    },
    network,
    explorer: explorerLinks(chain),
    keysOf: (account) => keysOf(ctx, account),

    // Accounts and balances
    discoverAccounts: (device, discover) => discoverAccounts(ctx, device, discover),
    getAccountSummary: (account, state) => getAccountSummary(ctx, account, state),
    getAccountState: (account, state) => getAccountState(ctx, account, state),
    getReceiveAddress: (account) => getReceiveAddress(ctx, account),
    // The server's Operations as they are (no detour through UtxoTx).
    getHistory: async (account, cursor = null) => backend.getHistory(xpubOf(account), account.bip, cursor),
    validateAddress: (address) => validateAddress(ctx, address),
    getBalanceHistory: (account, current, from, now) => getBalanceHistory(ctx, account, current, from, now),

    // Fees, craft, speed-up, review, sign, broadcast
    getFees: () => getFees(ctx),
    build: (account, draft) => craftTransaction(ctx, account, draft),
    buildRbf: (account, original, draft) => speedUpRbf(ctx, account, original, draft),
    buildCpfp: (account, parent, draft) => speedUpCpfp(ctx, account, parent, draft),
    reviewRows: (built) => reviewRows(ctx, built),
    sign: (signer, built, signOptions) => sign(signer, built, signOptions),
    finalize: (built, signature) => finalize(built, signature),
    broadcast: (tx) => broadcast(ctx, tx),
  };
}
