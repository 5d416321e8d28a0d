/**
 * The Stellar adapter (ChainAdapter): account state with the minimum balance from the network's base reserve, trustline
 * balances (read-only), a payment or createAccount with a typed memo, signing on the device (packages/device
 * `signXlm`, which rebuilds the same transaction from its details), finalize with stellar-sdk after checking the
 * signature against the account's key.
 */
import {
  CHAINS,
  defaultAccountName,
  formatUnits,
  sanitizeRecoveredName,
  type FeeTiers,
} from '@secux-companion/core';
import {
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary,
  type BuiltTransaction,
  type ChainAdapter,
  type DeviceAccountTable,
  type DiscoveredAccount,
  type HistoryPage,
  type ReviewRow,
  type TokenHolding,
} from '@secux-companion/chain-common';
import { isValidStellarRecipient, parseStellarRecipient, validateStellarAddress } from './address';
import { StellarError } from './errors';
import { memoText } from './memo';
import { Networks, TransactionBuilder } from '@stellar/stellar-sdk';
import { stellarAccountIndex, stellarAccountPath, stellarPath, XLM_COIN_TYPE } from './paths';
import { minimumBalance, newAccountMinimum, spendable } from './reserve';
import {
  buildPayment,
  finalizePayment,
  sendFee,
  type BuiltPayment,
  type StellarDeviceTx,
  type StellarDraft,
  type StellarSignature,
} from './tx';

/** A non-native balance (trustline or pool share), shown read-only. */
export interface StellarAssetBalance {
  kind: 'credit_alphanum4' | 'credit_alphanum12' | 'liquidity_pool_shares';
  /** Asset code ('USDC'); the pool id for pool shares. */
  code: string;
  /** Issuer G… ('' for pool shares). */
  issuer: string;
  balance: bigint;
}

/** The account as the product API reads it (GET /accounts/{id}; 404 = inactive, balance 0). */
export interface StellarAccountInfo {
  activated: boolean;
  /** Native balance in stroops. */
  balance: bigint;
  /** Current sequence; null while inactive. */
  sequence: bigint | null;
  subentries: number;
  sponsoring: number;
  sponsored: number;
  /** Native selling liabilities in stroops. */
  sellingLiabilities: bigint;
  /** SEP-29: the account's data entry `config.memo_required` is set. */
  memoRequired: boolean;
  assets: StellarAssetBalance[];
}

/** The network as the latest ledger describes it (base fee and base reserve read live). */
export interface StellarNetworkInfo {
  networkPassphrase: string;
  ledger: number;
  /** Stroops per operation. */
  baseFee: bigint;
  /** Stroops (0.5 XLM today). */
  baseReserve: bigint;
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface StellarBackend {
  account(address: string, signal?: AbortSignal): Promise<StellarAccountInfo>;
  network(signal?: AbortSignal): Promise<StellarNetworkInfo>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Submits the signed envelope (base64 XDR) and returns its hash. */
  broadcast(envelope: string): Promise<string>;
}

export interface StellarSignRequest {
  /** m/44'/148'/{index}' (hardened, no /0/0). */
  path: string;
  tx: StellarDeviceTx;
}

/** The device capability used (packages/device Device). */
export interface StellarSigner {
  signXlm(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface StellarKeySource {
  getAddress(path: string): Promise<string>;
}

export type StellarUnsigned = BuiltPayment;

export interface StellarFamily {
  keySource: StellarKeySource;
  draft: StellarDraft;
  unsigned: StellarUnsigned;
  signRequest: StellarSignRequest;
  signer: StellarSigner;
  signature: StellarSignature;
}

/** What the send form needs to know about a recipient before building (activation, SEP-29, muxed id). */
export interface StellarRecipientInfo {
  /** The G… account the payment reaches. */
  account: string;
  /** The muxed id of an M… address. */
  muxedId?: string;
  activated: boolean;
  /** SEP-29 config.memo_required. */
  memoRequired: boolean;
  /** The smallest first payment that creates an inactive account (2 × base reserve). */
  newAccountMinimum: bigint;
  /** The fee of a send to it (doubled when it creates the account). */
  fee: bigint;
}

/** The adapter plus the Stellar-only reads the web family uses (the send form's recipient and the network). */
export type StellarAdapter = ChainAdapter<StellarFamily> & {
  recipientInfo(address: string, signal?: AbortSignal): Promise<StellarRecipientInfo>;
  network(signal?: AbortSignal): Promise<StellarNetworkInfo>;
};

/** The XLM sync rule: an account is kept while its balance is at least 1 XLM (spec 02 §4). */
export const XLM_SYNC_MINIMUM = 10n ** 7n;

/** A decorated signature's bytes, read from its XDR (hint, then a length-prefixed signature): the objects' accessors
 * differ between stellar-sdk versions. */
export function signatureBytes(d: unknown): Buffer {
  const bytes = Buffer.from((d as { toXDR(): Uint8Array }).toXDR());
  return bytes.subarray(8, 8 + bytes.readUInt32BE(4));
}

const addressOf = (account: AccountDescriptor): string => {
  if (!account.address) throw new Error('A Stellar account needs its address');
  return account.address;
};

/** Trustlines as read-only token holdings ('CODE:ISSUER', 7 decimals). */
export function trustlineHoldings(assets: readonly StellarAssetBalance[]): TokenHolding[] {
  return assets.map((a) => ({
    contract: a.kind === 'liquidity_pool_shares' ? a.code : `${a.code}:${a.issuer}`,
    symbol: a.kind === 'liquidity_pool_shares' ? 'POOL' : a.code,
    decimals: 7,
    balance: a.balance,
    standard: a.kind,
  }));
}

export function createStellarChain(backend: StellarBackend): StellarAdapter {
  const chain = 'XLM' as const;
  const asset = { symbol: 'XLM', decimals: CHAINS.XLM.decimals };
  const summaryOf = (a: StellarAccountInfo): AccountSummary => ({
    balance: a.balance,
    pending: 0n,
    // Horizon keeps no transaction count: an account on the ledger was created by at least one transaction.
    txCount: a.activated ? 1 : 0,
    ...(a.sequence !== null ? { sequence: a.sequence + 1n } : {}),
    activated: a.activated,
  });

  const deviceIndexes = async (device: DeviceAccountTable): Promise<Map<number, string>> => {
    const names = new Map<number, string>();
    for (const a of await device.getAccounts(XLM_COIN_TYPE)) {
      try {
        names.set(stellarAccountIndex(a.path), a.name);
      } catch {
        // 'Invalid account path' (more than four segments, or not 44'/148'): not a Stellar account of ours
      }
    }
    return names;
  };

  const amountValue = (value: bigint) => ({ type: 'amount' as const, value, ...asset });

  const adapter: StellarAdapter = {
    chain,
    family: 'xlm',
    asset,
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

    async discoverAccounts(device, options = {}) {
      const onDevice = await deviceIndexes(device);
      const lastOnDevice = Math.max(-1, ...onDevice.keys());
      const found: DiscoveredAccount[] = [];
      for (let index = 0; ; index++) {
        if (options.signal?.aborted) break;
        options.onProgress?.({ bip: 44, index, found: found.length });
        const path = stellarPath(index);
        const address = await device.getAddress(path);
        const info = await backend.account(address, options.signal);
        const isOnDevice = onDevice.has(index);
        // The XLM sync rule: keep adding accounts while the balance is at least 1 XLM or saved accounts remain.
        const kept = info.balance >= XLM_SYNC_MINIMUM;
        if (kept || isOnDevice) {
          const fallback = defaultAccountName(chain, index, 44);
          found.push({
            descriptor: { chain, index, bip: 44, path, address },
            summary: summaryOf(info),
            name: isOnDevice ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
            onDevice: isOnDevice,
          });
        }
        if (!kept && index >= lastOnDevice) break;
      }
      return found;
    },

    async getAccountSummary(account, options = {}) {
      return summaryOf(await backend.account(addressOf(account), options.signal));
    },

    async getAccountState(account, options = {}): Promise<AccountState> {
      const [info, net] = await Promise.all([
        backend.account(addressOf(account), options.signal),
        backend.network(options.signal),
      ]);
      const reserve = info.activated
        ? minimumBalance({
            baseReserve: net.baseReserve,
            subentries: info.subentries,
            sponsoring: info.sponsoring,
            sponsored: info.sponsored,
          })
        : 0n;
      return {
        ...summaryOf(info),
        reserve,
        available: spendable(info.balance, reserve, info.sellingLiabilities),
        tokens: trustlineHoldings(info.assets),
      };
    },

    async getReceiveAddress(account) {
      return { address: addressOf(account), path: stellarAccountPath(account.path) };
    },

    getHistory(account, cursor = null) {
      return backend.history(addressOf(account), cursor);
    },

    async getFees() {
      const net = await backend.network();
      const fee = Number(sendFee(net.baseFee, false));
      const tiers: FeeTiers<number> = { high: fee, medium: fee, low: fee };
      return {
        tiers,
        unit: 'stroops',
        basis: 'perTransaction',
        // Sending to an inactive account creates it and the fee doubles (spec): the extra part.
        accountCreationFee: sendFee(net.baseFee, true) - sendFee(net.baseFee, false),
        hidden: CHAINS.XLM.hiddenFee,
      };
    },

    async checkRecipient(address) {
      const [info, net] = await Promise.all([
        backend.account(parseStellarRecipient(address).account),
        backend.network(),
      ]);
      return {
        activated: info.activated,
        ...(info.activated
          ? {}
          : {
              minimumActivation: newAccountMinimum(net.baseReserve),
              creationFee: sendFee(net.baseFee, true) - sendFee(net.baseFee, false),
            }),
      };
    },

    async build(account, draft): Promise<BuiltTransaction<StellarUnsigned, StellarSignRequest>> {
      const address = addressOf(account);
      const path = stellarAccountPath(account.path);
      const target = isValidStellarRecipient(draft.recipient)
        ? parseStellarRecipient(draft.recipient).account
        : undefined;
      const [info, net, recipient] = await Promise.all([
        backend.account(address),
        backend.network(),
        target ? backend.account(target) : Promise.resolve(undefined),
      ]);
      if (!info.activated || info.sequence === null)
        throw new StellarError(
          'xlmAccountInactive',
          `This account does not exist on the Stellar network yet: it needs a first payment of at least ${formatUnits(newAccountMinimum(net.baseReserve), 7)} XLM.`,
          { minimum: formatUnits(newAccountMinimum(net.baseReserve), 7), coin: 'XLM' },
        );
      const built = buildPayment(draft, {
        account: address,
        balance: info.balance,
        sequence: info.sequence,
        minimumBalance: minimumBalance({
          baseReserve: net.baseReserve,
          subentries: info.subentries,
          sponsoring: info.sponsoring,
          sponsored: info.sponsored,
        }),
        sellingLiabilities: info.sellingLiabilities,
        baseReserve: net.baseReserve,
        baseFee: net.baseFee,
        networkPassphrase: net.networkPassphrase,
        recipient: {
          activated: recipient?.activated ?? false,
          memoRequired: recipient?.memoRequired ?? false,
        },
      });
      return {
        unsigned: built,
        signRequest: { path, tx: built.device },
        review: built.review,
      };
    },

    reviewRows(built): ReviewRow[] {
      const { review } = built;
      const u = built.unsigned;
      const rows: ReviewRow[] = [
        {
          labelKey: 'send.recipient',
          value: { type: 'address', value: review.recipient },
          testId: 'review-recipient',
        },
      ];
      if (u.recipient.muxedId !== undefined)
        rows.push(
          {
            labelKey: 'stellar.review.baseAccount',
            value: { type: 'address', value: u.recipient.account },
            testId: 'review-base-account',
          },
          {
            labelKey: 'stellar.review.muxedId',
            value: { type: 'text', value: u.recipient.muxedId },
            testId: 'review-muxed-id',
          },
        );
      rows.push(
        { labelKey: 'send.amountLabel', value: amountValue(review.amount), testId: 'review-amount' },
        { labelKey: 'send.networkFee', value: amountValue(review.fee), testId: 'review-fee' },
      );
      if (u.memo)
        rows.push(
          {
            labelKey: 'stellar.review.memoType',
            value: { type: 'text', value: u.memo.type.toUpperCase() },
            testId: 'review-memo-type',
          },
          {
            labelKey: 'stellar.review.memo',
            value: { type: 'text', value: memoText(u.memo) },
            testId: 'review-memo',
          },
        );
      if (u.creates)
        rows.push({
          labelKey: 'stellar.review.createsAccount',
          value: { type: 'text', value: u.recipient.account },
          testId: 'review-creates-account',
        });
      rows.push({ labelKey: 'send.total', value: amountValue(review.total), testId: 'review-total' });
      return rows;
    },

    async sign(signer, built): Promise<StellarSignature> {
      const { path, tx } = built.signRequest;
      const res = await signer.signXlm(stellarAccountPath(path), { ...tx });
      if (res.signature) return { signature: res.signature };
      // Without a detached signature, take it from the envelope the device returned.
      const env = TransactionBuilder.fromXDR(res.rawTx, Networks.PUBLIC);
      const sig = env.signatures[0] ? signatureBytes(env.signatures[0]) : undefined;
      return { signature: sig ? Buffer.from(sig).toString('hex') : '' };
    },

    finalize(built, signature) {
      const net = built.unsigned.device.networkPassphrase;
      return finalizePayment(built.unsigned.xdr, net, signature);
    },

    broadcast(tx) {
      return backend.broadcast(tx.raw);
    },

    validateAddress: validateStellarAddress,

    async recipientInfo(address, signal) {
      const r = parseStellarRecipient(address);
      const [info, net] = await Promise.all([backend.account(r.account, signal), backend.network(signal)]);
      return {
        account: r.account,
        ...(r.muxedId !== undefined ? { muxedId: r.muxedId } : {}),
        activated: info.activated,
        memoRequired: info.memoRequired,
        newAccountMinimum: newAccountMinimum(net.baseReserve),
        fee: sendFee(net.baseFee, !info.activated),
      };
    },

    network(signal) {
      return backend.network(signal);
    },
  };
  return adapter;
}
