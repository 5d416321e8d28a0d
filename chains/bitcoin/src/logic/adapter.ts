/**
 * The bitcoin-family ChainAdapter. All chain data comes through {@link BitcoinBackend}
 * (domain types only), which `network/` implements; this file is the only caller.
 */
import {
  CHAINS,
  accountBasePath,
  utxoFeeTiers,
  type Bip,
  type RecommendedFees,
  type Rng,
} from '@secux-companion/core';
import {
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type ChainAdapter,
  type DiscoverOptions,
  type FeeOptions,
  type HistoryPage,
  type SignOptions,
  type SignedTransaction,
} from '@secux-companion/chain-common';
import { validateRecipientAddress } from './address';
import {
  buildSend,
  missingPrevTxids,
  type BtcBuiltTransaction,
  type BtcSignRequest,
  type BuildContext,
  type DeviceBtcInput,
  type DeviceBtcOutputs,
  type DeviceBtcSignOptions,
  type SendDraft,
  type UtxoPlan,
} from './build';
import { usableUtxos } from './coinselect';
import { AccountKeys } from './derive';
import { finalizeSigned } from './finalize';
import { toOperation } from './history';
import { NETWORKS, type NetworkId, type UtxoNetwork } from './networks';
import { buildCpfp, buildRbf, type CpfpDraft, type RbfDraft } from './speedup';
import type { Utxo, UtxoTx } from './types';

/** An unspent output as the backend reports it (the script type comes from the account). */
export type BackendUtxo = Omit<Utxo, 'type' | 'publicKey' | 'txHex'>;

export interface AccountSummary {
  /** Confirmed balance. */
  balance: bigint;
  /** Net unconfirmed amount. */
  unconfirmed: bigint;
  txCount: number;
}

/** What logic needs from the product API (implemented in network/). */
export interface BitcoinBackend {
  getAccountSummary(xpub: string, bip: Bip): Promise<AccountSummary>;
  /** Unspent outputs of the account, pending ones with height null. */
  getUtxos(xpub: string, bip: Bip): Promise<BackendUtxo[]>;
  /** One page of transactions, newest first, inputs/outputs flagged isOwn with paths. */
  getTransactions(xpub: string, bip: Bip, cursor: string | null): Promise<{ txs: UtxoTx[]; cursor: string | null }>;
  /** Raw transactions (hex) by id. */
  getRawTransactions(txids: readonly string[]): Promise<Record<string, string>>;
  /** Recommended fees (BTC/TBTC); null when the service failed. */
  getRecommendedFees(): Promise<RecommendedFees | null>;
  /** Broadcasts and returns the transaction id. */
  broadcast(rawTx: string): Promise<string>;
}

/** Device capabilities the adapter uses (satisfied by the device layer's Device). */
export interface BtcKeySource {
  getXPublicKey(path: string): Promise<string>;
}
export interface BtcSigner {
  signBtc(
    inputs: DeviceBtcInput[],
    outputs: DeviceBtcOutputs,
    options?: DeviceBtcSignOptions & { onProgress?: (current: number, total: number) => void },
  ): Promise<{ rawTx: string }>;
}

export interface BitcoinFamily {
  keySource: BtcKeySource;
  draft: SendDraft;
  unsigned: UtxoPlan;
  signRequest: BtcSignRequest;
  signer: BtcSigner;
  signature: { rawTx: string };
}

export interface BitcoinAdapter extends ChainAdapter<BitcoinFamily> {
  readonly network: UtxoNetwork;
  /** Addresses and keys of an account. */
  keysOf(account: AccountDescriptor): AccountKeys;
  buildRbf(account: AccountDescriptor, original: UtxoTx, draft: RbfDraft): Promise<BtcBuiltTransaction>;
  buildCpfp(account: AccountDescriptor, parent: UtxoTx, draft: CpfpDraft): Promise<BtcBuiltTransaction>;
}

export interface BitcoinAdapterOptions {
  /** RNG for change indexes (tests). */
  rng?: Rng;
}

export function createBitcoinAdapter(
  networkId: NetworkId,
  backend: BitcoinBackend,
  options: BitcoinAdapterOptions = {},
): BitcoinAdapter {
  const network = NETWORKS[networkId];
  const chain = network.chain;
  const info = CHAINS[chain];
  const keyCache = new Map<string, AccountKeys>();

  const xpubOf = (account: AccountDescriptor): string => {
    if (!account.xpub) throw new Error('A bitcoin-family account needs its xpub');
    return account.xpub;
  };

  const keysOf = (account: AccountDescriptor): AccountKeys => {
    const id = `${account.bip}:${account.path}:${xpubOf(account)}`;
    let keys = keyCache.get(id);
    if (!keys) {
      keys = new AccountKeys(network, xpubOf(account), account.bip, account.path);
      keyCache.set(id, keys);
    }
    return keys;
  };

  const contextOf = async (account: AccountDescriptor, withUtxos = true): Promise<BuildContext> => {
    const keys = keysOf(account);
    const utxos = withUtxos
      ? usableUtxos(await backend.getUtxos(xpubOf(account), account.bip)).map((u): Utxo => ({ ...u, type: keys.type }))
      : [];
    return { network, keys, utxos, ...(options.rng ? { rng: options.rng } : {}) };
  };

  /** Attaches the previous transactions legacy inputs need. */
  const withPrevTxs = async (built: BtcBuiltTransaction): Promise<BtcBuiltTransaction> => {
    const missing = missingPrevTxids(network, built.unsigned.inputs);
    if (missing.length === 0) return built;
    const raw = await backend.getRawTransactions(missing);
    const inputs = built.unsigned.inputs.map((u) => (raw[u.txid] ? { ...u, txHex: raw[u.txid] } : u));
    const still = missingPrevTxids(network, inputs);
    if (still.length > 0) throw new Error('Can not fetch transaction data');
    const signInputs = built.signRequest.inputs.map((i, n) => ({ ...i, txHex: inputs[n]!.txHex! }));
    return { ...built, unsigned: { ...built.unsigned, inputs }, signRequest: { ...built.signRequest, inputs: signInputs } };
  };

  return {
    chain,
    network,
    explorer: explorerLinks(chain),
    keysOf,

    async discoverAccounts(keySource, discover: DiscoverOptions = {}) {
      const bips = (discover.bips ?? info.bips).filter((b) => network.bips.includes(b));
      const gap = discover.gapLimit ?? 1;
      const found: AccountDescriptor[] = [];
      for (const bip of bips) {
        let empty = 0;
        for (let index = 0; empty < gap; index++) {
          const path = accountBasePath(bip, info.coinType, index);
          const xpub = await keySource.getXPublicKey(path);
          const summary = await backend.getAccountSummary(xpub, bip);
          const used = summary.txCount > 0 || summary.balance > 0n || summary.unconfirmed !== 0n;
          if (used || index === 0) found.push({ chain, index, bip, path, xpub });
          empty = used ? 0 : empty + 1;
        }
      }
      return found;
    },

    async getAccountState(account): Promise<AccountState> {
      const xpub = xpubOf(account);
      const [summary, utxos] = await Promise.all([
        backend.getAccountSummary(xpub, account.bip),
        backend.getUtxos(xpub, account.bip),
      ]);
      const available = usableUtxos(utxos).reduce((s, u) => s + u.value, 0n);
      return {
        balance: summary.balance + summary.unconfirmed,
        available,
        pending: summary.unconfirmed,
        txCount: summary.txCount,
        utxoCount: utxos.length,
      };
    },

    async getHistory(account, cursor = null): Promise<HistoryPage> {
      const page = await backend.getTransactions(xpubOf(account), account.bip, cursor);
      return { operations: page.txs.map(toOperation), cursor: page.cursor };
    },

    async getFees(): Promise<FeeOptions> {
      let recommended: RecommendedFees | null = null;
      if (info.feeSource === 'networkTiers') {
        try {
          recommended = await backend.getRecommendedFees();
        } catch {
          recommended = null; // fallback tiers 200/120/60
        }
      }
      return { tiers: utxoFeeTiers(chain, recommended), unit: info.feeUnit, hidden: info.hiddenFee };
    },

    async build(account, draft) {
      return withPrevTxs(buildSend(await contextOf(account), draft));
    },

    async buildRbf(account, original, draft) {
      return withPrevTxs(buildRbf(await contextOf(account), original, draft));
    },

    async buildCpfp(account, parent, draft) {
      const built = buildCpfp(await contextOf(account, false), parent, draft);
      return withPrevTxs(built);
    },

    async sign(signer, built, signOptions: SignOptions = {}) {
      const { inputs, outputs, options: deviceOptions } = built.signRequest;
      return signer.signBtc(structuredClone(inputs), structuredClone(outputs), {
        ...deviceOptions,
        ...(signOptions.onProgress ? { onProgress: signOptions.onProgress } : {}),
      });
    },

    finalize(built, signature): SignedTransaction {
      const final = finalizeSigned(built.unsigned, signature.rawTx);
      return { hash: final.hash, raw: final.raw };
    },

    async broadcast(tx) {
      return backend.broadcast(tx.raw);
    },

    validateAddress(address) {
      return validateRecipientAddress(network, address);
    },
  };
}
