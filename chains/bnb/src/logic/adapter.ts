/**
 * The BNB Beacon Chain adapter: a READ-ONLY legacy chain (capabilities.readOnly). Accounts come from the device's
 * account table (coin type 714) with their bnb1… addresses derived by the device; balance and history are read
 * from an archive provider when the server has one (GET /chains/BNB says `archive`), and nothing can be sent or
 * received: build / sign / finalize / broadcast and the receive address refuse with `readOnlyChain`.
 */
import {
  CHAINS,
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  signingPath,
  validateRecipient,
} from '@secux-companion/core';
import {
  ReadOnlyChainError,
  accountAddress,
  deviceAccountNames,
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary,
  type ChainAdapter,
  type DeviceAccountTable,
  type DiscoveredAccount,
  type HistoryPage,
  type SendDraftBase,
} from '@secux-companion/chain-common';
import { isValidBnbAddress } from './address';
import { bnbBalance, type BnbAssetBalance } from './history';

/** What the server says about the retired chain (GET /chains/BNB). */
export interface BnbChainStatus {
  /** An archive provider is configured: balances and history can be read. */
  archive: boolean;
  haltHeight: number;
  haltDate: string;
}

/** The archived account (a never-used account reads as balance 0). */
export interface BnbAccountInfo {
  balances: BnbAssetBalance[];
  /** Transactions the account signed (its sequence). */
  sequence: number;
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface BnbBackend {
  status(signal?: AbortSignal): Promise<BnbChainStatus>;
  account(address: string, signal?: AbortSignal): Promise<BnbAccountInfo>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
}

/** Thrown by the reads when the server has no archive of the retired chain: a state to show, not a failure. */
export class BnbArchiveUnavailableError extends Error {
  override readonly name = 'BnbArchiveUnavailableError';
  readonly code = 'chainRetired';
  constructor() {
    super('The BNB Beacon Chain was shut down and no archive is configured');
  }
}

export interface BnbKeySource {
  getAddress(path: string): Promise<string>;
}

export interface BnbFamily {
  keySource: BnbKeySource;
  draft: SendDraftBase;
  unsigned: never;
  signRequest: never;
  signer: unknown;
  signature: never;
}

export interface BnbAdapter extends ChainAdapter<BnbFamily> {
  /** The server's word on the chain (archive or not), read once. */
  status(): Promise<BnbChainStatus>;
  /** Every asset line of the archived account (BNB and BEP2 tokens), for the account page. */
  balances(account: AccountDescriptor): Promise<BnbAssetBalance[]>;
}

const CHAIN = 'BNB' as const;

/** Indexes and names of the device's BNB accounts (m/44'/714'/i'). */
export function bnbDeviceIndexes(device: DeviceAccountTable): Promise<Map<number, string>> {
  return deviceAccountNames(device, CHAINS.BNB.coinType);
}

export function createBnbChain(backend: BnbBackend): BnbAdapter {
  let status: Promise<BnbChainStatus> | null = null;
  const readStatus = () => {
    status ??= backend.status().catch((e: unknown) => {
      status = null;
      throw e;
    });
    return status;
  };
  const read = async (account: AccountDescriptor, signal?: AbortSignal) => {
    if (!(await readStatus()).archive) throw new BnbArchiveUnavailableError();
    return backend.account(accountAddress(account), signal);
  };
  const summaryOf = (a: BnbAccountInfo): AccountSummary => ({
    balance: bnbBalance(a.balances),
    pending: 0n,
    txCount: a.sequence,
  });
  const refuse = () => Promise.reject(new ReadOnlyChainError(CHAIN));

  return {
    chain: CHAIN,
    family: 'bnb',
    asset: { symbol: 'BNB', decimals: CHAINS.BNB.decimals },
    capabilities: {
      readOnly: true,
      memo: { label: 'Memo', types: ['text'] },
      tokens: false,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: false,
    },
    explorer: explorerLinks(CHAIN),
    status: readStatus,

    /**
     * The device's accounts (account 0 when it has none): nothing is probed by activity, since a retired chain gets
     * no new accounts. Each address is derived by the device; with an archive the balance is read.
     */
    async discoverAccounts(device, options = {}) {
      const onDevice = await bnbDeviceIndexes(device);
      const indexes = onDevice.size ? [...onDevice.keys()].sort((a, b) => a - b) : [0];
      const archive = (await readStatus()).archive;
      const found: DiscoveredAccount[] = [];
      for (const index of indexes) {
        if (options.signal?.aborted) break;
        options.onProgress?.({ bip: 44, index, found: found.length });
        const path = accountBasePath(44, CHAINS.BNB.coinType, index);
        const address = await device.getAddress(signingPath(CHAIN, path));
        const summary = archive
          ? summaryOf(await backend.account(address, options.signal))
          : { balance: 0n, pending: 0n, txCount: 0 };
        const fallback = defaultAccountName(CHAIN, index, 44);
        found.push({
          descriptor: { chain: CHAIN, index, bip: 44, path, address },
          summary,
          name: onDevice.has(index) ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
          onDevice: onDevice.has(index),
        });
      }
      return found;
    },

    async getAccountSummary(account, options = {}) {
      return summaryOf(await read(account, options.signal));
    },
    async getAccountState(account, options = {}): Promise<AccountState> {
      const s = summaryOf(await read(account, options.signal));
      // Nothing is spendable on a halted chain.
      return { ...s, available: 0n };
    },
    async balances(account) {
      return (await read(account)).balances;
    },
    /** No receive: funds sent to a retired chain would be lost. */
    getReceiveAddress: refuse,
    async getHistory(account, cursor = null) {
      if (!(await readStatus()).archive) throw new BnbArchiveUnavailableError();
      return backend.history(accountAddress(account), cursor);
    },
    /** The spec's fixed fee (0.000075 BNB), from core; shown for reference only, nothing is sent. */
    async getFees() {
      const fee = Number(CHAINS.BNB.fixedFee ?? 0n);
      return {
        tiers: { high: fee, medium: fee, low: fee },
        unit: 'BNB',
        basis: 'perTransaction',
        hidden: CHAINS.BNB.hiddenFee,
      };
    },
    build: refuse,
    reviewRows: () => [],
    sign: refuse,
    finalize: () => {
      throw new ReadOnlyChainError(CHAIN);
    },
    broadcast: refuse,
    validateAddress: (address) => validateRecipient(CHAIN, address, (a) => isValidBnbAddress(a)),
  };
}
