/**
 * The XRP Ledger adapter (ChainAdapter): account state with the live reserve, a Payment with destination tag and
 * LastLedgerSequence, signing on the device (packages/device `signXrp`), finalize with xrpl's codec and hash.
 */
import { CHAINS, signingPath, type FeeTiers } from '@secux-companion/core';
import {
  discoverByGap,
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary,
  type BuiltTransaction,
  type ChainAdapter,
  type HistoryPage,
  type ReviewRow,
} from '@secux-companion/chain-common';
import { decode } from 'xrpl';
import { validateXrpAddress } from './address';
import { accountReserve, spendable, type ReserveSettings } from './reserve';
import { buildPayment, finalizePayment, type XrpDraft, type XrpPayment, type XrpSignature } from './tx';

/** The account as the product API reads it (account_info; actNotFound = balance 0, txCount 0, inactive). */
export interface XrpAccountInfo {
  balance: bigint;
  txCount: number;
  /** Next Sequence; null for an inactive account. */
  sequence: number | null;
  ownerCount: number;
  activated: boolean;
  /** lsfRequireDestTag (account_flags.requireDestinationTag). */
  requireDestinationTag: boolean;
}

/** The current ledger and the reserves read live from server_info / server_state. */
export interface XrpLedgerInfo {
  ledgerIndex: number;
  reserve: ReserveSettings;
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface XrpBackend {
  account(address: string, signal?: AbortSignal): Promise<XrpAccountInfo>;
  ledger(signal?: AbortSignal): Promise<XrpLedgerInfo>;
  /** Whole fee per transaction in drops. */
  fees(signal?: AbortSignal): Promise<FeeTiers<number>>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Submits the signed blob (hex) and returns its hash. */
  broadcast(rawTx: string): Promise<string>;
}

export interface XrpSignRequest {
  /** Signing path m/44'/144'/{index}'/0/0. */
  path: string;
  tx: XrpPayment;
}

/** The device capability used (packages/device Device). */
export interface XrpSigner {
  getPublicKey(path: string): Promise<string>;
  signXrp(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface XrpKeySource {
  getAddress(path: string): Promise<string>;
}

export interface XrpUnsigned {
  tx: XrpPayment;
  /** The payment creates the recipient account. */
  activates: boolean;
}

export interface XrpFamily {
  keySource: XrpKeySource;
  draft: XrpDraft;
  unsigned: XrpUnsigned;
  signRequest: XrpSignRequest;
  signer: XrpSigner;
  signature: XrpSignature;
}

/** What the send form needs of a recipient before building: activation and a required destination tag. */
export interface XrpRecipientInfo {
  activated: boolean;
  /** lsfRequireDestTag: the tag field becomes mandatory. */
  requireDestinationTag: boolean;
  /** The base reserve (drops): the least first payment that activates an inactive account. */
  baseReserve: bigint;
}

export type XrpAdapter = ChainAdapter<XrpFamily> & {
  /** The recipient's activation and tag requirement, and the live base reserve. */
  recipientInfo(address: string, signal?: AbortSignal): Promise<XrpRecipientInfo>;
  /** The validated ledger and its reserves (read live). */
  ledger(signal?: AbortSignal): Promise<XrpLedgerInfo>;
};

const addressOf = (account: AccountDescriptor): string => {
  if (!account.address) throw new Error('An XRP account needs its address');
  return account.address;
};

export function createXrpChain(backend: XrpBackend): XrpAdapter {
  const chain = 'XRP' as const;
  const coinType = CHAINS.XRP.coinType;
  const summaryOf = (a: XrpAccountInfo): AccountSummary => ({
    balance: a.balance,
    pending: 0n,
    txCount: a.txCount,
    ...(a.sequence !== null ? { sequence: BigInt(a.sequence) } : {}),
    activated: a.activated,
  });

  const adapter: XrpAdapter = {
    chain,
    family: 'xrp',
    asset: { symbol: 'XRP', decimals: CHAINS.XRP.decimals },
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

    discoverAccounts(device, options = {}) {
      return discoverByGap(device, options, {
        chain,
        coinType,
        address: (path) => device.getAddress(signingPath(chain, path)),
        account: (address, signal) => backend.account(address, signal),
        used: (info) => info.activated || info.txCount > 0,
        summary: summaryOf,
      });
    },

    async getAccountSummary(account, options = {}) {
      return summaryOf(await backend.account(addressOf(account), options.signal));
    },

    async getAccountState(account, options = {}): Promise<AccountState> {
      const [info, ledger] = await Promise.all([
        backend.account(addressOf(account), options.signal),
        backend.ledger(options.signal),
      ]);
      const reserve = info.activated ? accountReserve(ledger.reserve, info.ownerCount) : 0n;
      return { ...summaryOf(info), reserve, available: spendable(info.balance, reserve) };
    },

    async getReceiveAddress(account) {
      return { address: addressOf(account), path: signingPath(chain, account.path) };
    },

    getHistory(account, cursor = null) {
      return backend.history(addressOf(account), cursor);
    },

    async getFees() {
      return {
        tiers: await backend.fees(),
        unit: 'drops',
        basis: 'perTransaction',
        hidden: CHAINS.XRP.hiddenFee,
      };
    },

    async checkRecipient(address) {
      const [info, ledger] = await Promise.all([backend.account(address), backend.ledger()]);
      return {
        activated: info.activated,
        ...(info.activated ? {} : { minimumActivation: ledger.reserve.base }),
      };
    },

    async build(account, draft): Promise<BuiltTransaction<XrpUnsigned, XrpSignRequest>> {
      const address = addressOf(account);
      const [info, ledger, fees, recipient] = await Promise.all([
        backend.account(address),
        backend.ledger(),
        backend.fees(),
        backend.account(draft.recipient),
      ]);
      if (!info.activated || info.sequence === null) throw new Error('The XRP account is not active');
      const built = buildPayment(draft, {
        account: address,
        balance: info.balance,
        sequence: info.sequence,
        reserve: accountReserve(ledger.reserve, info.ownerCount),
        baseReserve: ledger.reserve.base,
        ledgerIndex: ledger.ledgerIndex,
        fee: BigInt(fees.medium),
        recipient,
      });
      return {
        unsigned: { tx: built.tx, activates: built.activates },
        signRequest: { path: signingPath(chain, account.path), tx: built.tx },
        review: built.review,
      };
    },

    reviewRows(built): ReviewRow[] {
      const { review } = built;
      const amount = (value: bigint) => ({
        type: 'amount' as const,
        value,
        decimals: CHAINS.XRP.decimals,
        symbol: 'XRP',
      });
      const rows: ReviewRow[] = [
        {
          labelKey: 'send.recipient',
          value: { type: 'address', value: review.recipient },
          testId: 'review-recipient',
        },
        { labelKey: 'send.amountLabel', value: amount(review.amount), testId: 'review-amount' },
        { labelKey: 'send.networkFee', value: amount(review.fee), testId: 'review-fee' },
      ];
      if (review.memo?.type === 'tag')
        rows.push({
          labelKey: 'xrp.review.tag',
          value: { type: 'text', value: String(review.memo.value) },
          testId: 'review-tag',
        });
      if (built.unsigned.activates)
        rows.push({
          labelKey: 'xrp.review.activates',
          value: { type: 'amount', value: review.amount, decimals: CHAINS.XRP.decimals, symbol: 'XRP' },
          testId: 'review-activates',
        });
      rows.push({ labelKey: 'send.total', value: amount(review.total), testId: 'review-total' });
      return rows;
    },

    async sign(signer, built): Promise<XrpSignature> {
      const { path, tx } = built.signRequest;
      const publicKey = (await signer.getPublicKey(path)).toUpperCase();
      const res = await signer.signXrp(path, { ...tx, SigningPubKey: publicKey });
      const signature =
        res.signature ?? String((decode(res.rawTx) as { TxnSignature?: unknown }).TxnSignature ?? '');
      return { publicKey, signature };
    },

    finalize(built, signature) {
      return finalizePayment(built.unsigned.tx, signature);
    },

    broadcast(tx) {
      return backend.broadcast(tx.raw);
    },

    validateAddress: validateXrpAddress,

    async recipientInfo(address, signal) {
      const [info, ledger] = await Promise.all([backend.account(address, signal), backend.ledger(signal)]);
      return {
        activated: info.activated,
        requireDestinationTag: info.requireDestinationTag,
        baseReserve: ledger.reserve.base,
      };
    },

    ledger: (signal) => backend.ledger(signal),
  };
  return adapter;
}
