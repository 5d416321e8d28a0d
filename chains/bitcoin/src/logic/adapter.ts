/**
 * The bitcoin-family ChainAdapter. All chain data comes through {@link BitcoinBackend}
 * (domain types only), which `network/` implements; this file is the only caller.
 */
import {
  CHAINS,
  CoreError,
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  toBareAccountPath,
  utxoFeeTiers,
  type Bip,
  type RecommendedFees,
} from '@secux-companion/core';
import {
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary as CommonAccountSummary,
  type ChainAdapter,
  type DeviceAccountTable,
  type DiscoverOptions,
  type DiscoveredAccount,
  type FeeOptions,
  type HistoryPage,
  type Operation,
  type ReceiveAddress,
  type ReviewRow,
  type SignOptions,
  type SignedTransaction,
  type StateOptions,
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
import { TAPROOT_DERIVED_ADDRESSES, type Rng } from './changePath';
import { usableUtxos } from './coinselect';
import { AccountKeys } from './derive';
import { finalizeSigned } from './finalize';
import { isOperation, utxoTxOfOperation } from './history';
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
  /** One page of history Operations, newest first, senders/recipients flagged isOwn with paths (as the server sends them). */
  getHistory(xpub: string, bip: Bip, cursor: string | null): Promise<HistoryPage>;
  /** Used addresses of the account (receive and change) with their transfer counts; absent → receive index 0. */
  getAccountAddresses?(xpub: string, bip: Bip): Promise<UsedAddress[]>;
  /** Forgets short-lived answers (before a refresh, after a broadcast). */
  clearCache?(): void;
  /** Raw transactions (hex) by id. */
  getRawTransactions(txids: readonly string[]): Promise<Record<string, string>>;
  /** Recommended fees (BTC/TBTC); null when the service failed. */
  getRecommendedFees(): Promise<RecommendedFees | null>;
  /** The lowest fee rate (sat/vB) the network's node relays now (getmempoolinfo). */
  getNetworkMinFeeRate?(): Promise<number>;
  /** Fee (satoshis) and vsize of a pending transaction together with its unconfirmed ancestors (getmempoolentry). */
  getMempoolAncestors?(txid: string): Promise<{ fee: bigint; vsize: number }>;
  /** Broadcasts and returns the transaction id. */
  broadcast(rawTx: string): Promise<string>;
}

/** How long the network's relay minimum is reused (builds of one send, the send-all preview). */
const MIN_FEE_TTL_MS = 60_000;

/** An address of the account the server saw used. */
export interface UsedAddress {
  path: string;
  change: 0 | 1;
  index: number;
  address: string;
  transfers: number;
}

/**
 * The receive index after the last used one (spec 02 §4); Taproot stays within its 5 derived addresses.
 */
export function receiveIndex(bip: Bip, used: readonly Pick<UsedAddress, 'change' | 'index' | 'transfers'>[]): number {
  const indexes = used.filter((u) => u.change === 0 && u.transfers > 0).map((u) => u.index);
  const next = indexes.length ? Math.max(...indexes) + 1 : 0;
  return bip === 86 ? Math.min(next, TAPROOT_DERIVED_ADDRESSES - 1) : next;
}

/** An account shows activity: transactions, a balance, or a pending amount. */
export function isUsedSummary(s: { balance: bigint; unconfirmed: bigint; txCount: number }): boolean {
  return s.txCount > 0 || s.balance !== 0n || s.unconfirmed !== 0n;
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
  build(account: AccountDescriptor, draft: SendDraft): Promise<BtcBuiltTransaction>;
  /** Replace-by-fee of a pending own transaction (a history Operation, or its UtxoTx). */
  buildRbf(account: AccountDescriptor, original: UtxoTx | Operation, draft: RbfDraft): Promise<BtcBuiltTransaction>;
  /** Child-pays-for-parent of a pending transaction paying the account. */
  buildCpfp(account: AccountDescriptor, parent: UtxoTx | Operation, draft: CpfpDraft): Promise<BtcBuiltTransaction>;
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

  /** Names on the device by bare account path (entries that are not account paths are left out). */
  const deviceNames = async (device: DeviceAccountTable): Promise<Map<string, string>> => {
    const names = new Map<string, string>();
    for (const a of await device.getAccounts(info.coinType)) {
      try {
        names.set(toBareAccountPath(a.path), a.name);
      } catch {
        // not an account path
      }
    }
    return names;
  };

  const summaryOf = (s: AccountSummary): CommonAccountSummary => ({
    balance: s.balance + s.unconfirmed,
    pending: s.unconfirmed,
    txCount: s.txCount,
  });

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

  /** The network's relay minimum (sat/vB), asked at most once a minute; null when it cannot be read. */
  let minFee: { at: number; value: Promise<number | null> } | null = null;
  const networkMinFeeRate = (): Promise<number | null> => {
    if (!backend.getNetworkMinFeeRate) return Promise.resolve(null);
    if (minFee && Date.now() - minFee.at < MIN_FEE_TTL_MS) return minFee.value;
    const value = backend.getNetworkMinFeeRate().catch((e: unknown) => {
      // Any failure of the check itself falls back to the fee provider's own rates (the draft's rate came from them).
      console.warn('network fee check unavailable', e);
      minFee = null;
      return null;
    });
    minFee = { at: Date.now(), value };
    return value;
  };

  /**
   * Spec 02 §5 network-fee check: a rate below the relay minimum of the network's node (getmempoolinfo) is refused
   * with the min-relay-fee error, which reaches the caller as it is; other failures of the check do not stop the send.
   */
  const checkNetworkFee = async (rate: number): Promise<void> => {
    const minimum = await networkMinFeeRate();
    if (minimum !== null && rate < minimum) throw new CoreError('minRelayFeeNotMet', { minimum });
  };

  /** CPFP pays for the parent and every unconfirmed ancestor (getmempoolentry); the parent alone when unknown. */
  const ancestorsOf = async (parent: UtxoTx, draft: CpfpDraft): Promise<CpfpDraft> => {
    if (draft.ancestorsFee !== undefined || !backend.getMempoolAncestors) return draft;
    try {
      const a = await backend.getMempoolAncestors(parent.hash);
      return { ...draft, ancestorsFee: a.fee, ancestorsVsize: a.vsize };
    } catch (e) {
      console.warn('unconfirmed ancestors unavailable', e);
      return draft;
    }
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
    family: 'utxo',
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
    keysOf,

    /**
     * Spec 01 §4 / 02 §4: the device's table (coin type) gives names and the indexes to keep; per bip the network
     * supports (44 and 49, plus 84 and 86 for BTC) the next index is probed while it shows activity or the device
     * has a later one. Kept: used accounts, accounts on the device, and index 0 of the default bip. Each probe is one
     * extended public key from the device and one product-API request.
     */
    async discoverAccounts(device, discover: DiscoverOptions = {}): Promise<DiscoveredAccount[]> {
      backend.clearCache?.();
      const onDevice = await deviceNames(device);
      const bips = (discover.bips ?? info.bips).filter((b) => network.bips.includes(b));
      const found: DiscoveredAccount[] = [];
      for (const bip of bips) {
        const deviceIndexes = [...onDevice.keys()]
          .map((p) => /^m\/(\d+)'\/(\d+)'\/(\d+)'$/.exec(p))
          .filter((m): m is RegExpExecArray => !!m && Number(m[1]) === bip && Number(m[2]) === info.coinType)
          .map((m) => Number(m[3]));
        const lastOnDevice = deviceIndexes.length ? Math.max(...deviceIndexes) : -1;
        for (let index = 0; ; index++) {
          if (discover.signal?.aborted) throw discover.signal.reason ?? new Error('aborted');
          discover.onProgress?.({ bip, index, found: found.length });
          const path = accountBasePath(bip, info.coinType, index);
          const xpub = await device.getXPublicKey(path);
          const raw = await backend.getAccountSummary(xpub, bip);
          const used = isUsedSummary(raw);
          const saved = onDevice.has(path);
          if (used || saved || (index === 0 && bip === info.defaultBip)) {
            const fallback = defaultAccountName(chain, index, bip);
            found.push({
              descriptor: { chain, index, bip, path, xpub },
              summary: summaryOf(raw),
              name: saved ? sanitizeRecoveredName(onDevice.get(path), fallback) : fallback,
              onDevice: saved,
            });
          }
          if (!used && index >= lastOnDevice) break;
        }
      }
      return found;
    },

    async getAccountSummary(account, state: StateOptions = {}) {
      if (state.fresh) backend.clearCache?.();
      return summaryOf(await backend.getAccountSummary(xpubOf(account), account.bip));
    },

    async getAccountState(account, state: StateOptions = {}): Promise<AccountState> {
      if (state.fresh) backend.clearCache?.();
      const xpub = xpubOf(account);
      const [summary, utxos] = await Promise.all([
        backend.getAccountSummary(xpub, account.bip),
        backend.getUtxos(xpub, account.bip),
      ]);
      const available = usableUtxos(utxos).reduce((s, u) => s + u.value, 0n);
      return { ...summaryOf(summary), available, utxoCount: utxos.length };
    },

    /** The next receive address: after the last used one (Taproot within its 5); index 0 when the list fails. */
    async getReceiveAddress(account): Promise<ReceiveAddress> {
      let used: UsedAddress[] = [];
      try {
        used = backend.getAccountAddresses ? await backend.getAccountAddresses(xpubOf(account), account.bip) : [];
      } catch {
        used = []; // the first receive address is still a correct one
      }
      const keys = keysOf(account);
      const index = receiveIndex(account.bip, used);
      // Taproot derives 5 receive and 5 change addresses (spec 02 §4): its receive address is one of those 5.
      const d = account.bip === 86 ? keys.watchList().filter((a) => a.change === 0)[index]! : keys.receive(index);
      return { address: d.address, path: d.path, ...(chain === 'BTC' || chain === 'TBTC' ? { instructionKey: 'receive.brc20Warning' } : {}) };
    },

    async getHistory(account, cursor = null): Promise<HistoryPage> {
      // The server's Operations as they are (no detour through UtxoTx).
      return backend.getHistory(xpubOf(account), account.bip, cursor);
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
      const tiers = utxoFeeTiers(chain, recommended);
      // Network tiers never fall below what the network relays (the check every build makes); presets stay as set.
      const minimum = info.feeSource === 'networkTiers' ? await networkMinFeeRate() : null;
      const floor = (rate: number) => (minimum !== null ? Math.max(rate, minimum) : rate);
      return {
        tiers: { high: floor(tiers.high), medium: floor(tiers.medium), low: floor(tiers.low) },
        unit: 'sat/vB',
        hidden: info.hiddenFee,
      };
    },

    async build(account, draft) {
      await checkNetworkFee(draft.feeRate);
      return withPrevTxs(buildSend(await contextOf(account), draft));
    },

    async buildRbf(account, original, draft) {
      const tx = isOperation(original) ? utxoTxOfOperation(original) : original;
      await checkNetworkFee(draft.feeRate);
      return withPrevTxs(buildRbf(await contextOf(account), tx, draft));
    },

    async buildCpfp(account, parent, draft) {
      const tx = isOperation(parent) ? utxoTxOfOperation(parent) : parent;
      await checkNetworkFee(draft.targetFeeRate);
      return withPrevTxs(buildCpfp(await contextOf(account, false), tx, await ancestorsOf(tx, draft)));
    },

    reviewRows(built): ReviewRow[] {
      const coin = { decimals: info.decimals, symbol: chain };
      const r = built.review;
      return [
        { labelKey: 'send.recipient', value: { type: 'address', value: r.recipient } },
        { labelKey: 'send.amountLabel', value: { type: 'amount', value: r.amount, ...coin } },
        { labelKey: 'send.networkFee', value: { type: 'amount', value: r.fee, ...coin } },
        ...(r.change
          ? [{ labelKey: 'send.change', value: { type: 'amount', value: r.change.amount, ...coin } } as ReviewRow]
          : []),
        { labelKey: 'send.total', value: { type: 'amount', value: r.total, ...coin } },
        // The fee rate in sat/vB, which a speed-up is all about.
        ...(r.feeRate !== undefined
          ? [{ labelKey: 'send.feeRateLabel', value: { type: 'feeRate', value: r.feeRate, unit: 'sat/vB' } } as ReviewRow]
          : []),
      ];
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
      const hash = await backend.broadcast(tx.raw);
      backend.clearCache?.();
      return hash;
    },

    validateAddress(address) {
      return validateRecipientAddress(network, address);
    },
  };
}
