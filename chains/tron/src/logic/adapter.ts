/**
 * The TRON adapter (ChainAdapter): accounts with bandwidth, energy and tokens (TRC-10, TRC-20), costs computed from
 * the chain's own parameters before signing, signing on the device (packages/device `signTrx`), finalize with the
 * signer recovered from the txID, broadcast of the signed hex.
 */
import { CHAINS, CoreError, formatUnits, signingPath } from '@secux-companion/core';
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
  type SendDraftBase,
  type TokenHolding,
} from '@secux-companion/chain-common';
import { isValidTronAddress, validateTronAddress } from './address';
import {
  TRON_FEE_LIMIT,
  availableBandwidth,
  availableEnergy,
  burnSentence,
  tronCosts,
  withinFeeLimit,
  type TronChainParams,
  type TronCosts,
  type TronResources,
} from './costs';
import { TronError } from './errors';
import { tronTokenType } from './tokenType';
import {
  TRON_EXPIRATION_MS,
  deviceRequest,
  finalizeTronTransaction,
  rawDataHex,
  signedSize,
  trc20TransferData,
  type TronBlockRef,
  type TronDeviceTx,
  type TronSigned,
} from './tx';

/** A token of the account (TRC-10 id or TRC-20 contract), as the product API reads it. */
export interface TronToken {
  type: 'trc10' | 'trc20';
  /** TRC-20 contract 'T…' or TRC-10 token id (digits). */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  balance: bigint;
  /** Price of one token in TRX (decimal text), when the provider knows it. */
  tokenPriceInTrx?: string;
}

/** The account as the product API reads it (getaccount + getaccountresource + the indexer's token balances). */
export interface TronAccountInfo {
  /** Sun. */
  balance: bigint;
  /** The account exists on chain (getaccount answers {} before its first incoming transfer). */
  activated: boolean;
  txCount: number;
  resources: TronResources;
  tokens: TronToken[];
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface TronBackend {
  account(address: string, signal?: AbortSignal): Promise<TronAccountInfo>;
  /** getchainparameters: the prices the costs are computed from. */
  params(signal?: AbortSignal): Promise<TronChainParams>;
  /** The current block (the reference block). */
  block(signal?: AbortSignal): Promise<TronBlockRef>;
  /** triggerconstantcontract energy_used for the call; throws TronError('tronEstimateFailed') on a revert. */
  estimateEnergy(owner: string, contract: string, data: string): Promise<bigint>;
  /** Details of one token (TRC-20 contract or TRC-10 id), to add it by hand. */
  token(contract: string, owner?: string): Promise<TronToken>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Broadcasts the signed transaction (hex) and returns its id. */
  broadcast(signedHex: string): Promise<string>;
}

/** A TRON send: TRX, or a token (TRC-20 when its contract starts with T, TRC-10 otherwise). */
export interface TronDraft extends SendDraftBase {
  token?: { contract: string; symbol: string; decimals: number };
}

export interface TronSignRequest {
  /** m/44'/195'/{index}'/0/0 (the signing path ends in 0). */
  path: string;
  tx: TronDeviceTx;
}

export interface TronUnsigned {
  tx: TronDeviceTx;
  /** raw_data as the device will build it (hex): its sha256 is the txID. */
  rawHex: string;
  costs: TronCosts;
  /** The send creates the recipient account. */
  activates: boolean;
  token?: TronDraft['token'];
}

/** The device capability used (packages/device Device). */
export interface TronSigner {
  signTrx(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface TronKeySource {
  getAddress(path: string): Promise<string>;
}

export interface TronFamily {
  keySource: TronKeySource;
  draft: TronDraft;
  unsigned: TronUnsigned;
  signRequest: TronSignRequest;
  signer: TronSigner;
  signature: { rawTx: string; signature?: string };
}

export type TronAdapter = ChainAdapter<TronFamily> & {
  /** A token's details (add a token). */
  token(contract: string, owner?: string): Promise<TronToken>;
  /** The chain's current prices. */
  params(): Promise<TronChainParams>;
  /** The review's plain sentence in English (the web renders its translation from the same numbers). */
  burnSentence(built: BuiltTransaction<TronUnsigned, TronSignRequest>): string;
};

const TRX_DECIMALS = CHAINS.TRX.decimals;

const addressOf = (account: AccountDescriptor): string => {
  if (!account.address) throw new Error('A TRON account needs its address');
  return account.address;
};

/** Sun as a device amount (the device's protobuf takes a JS number). */
function safeNumber(v: bigint): number {
  if (v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER)) throw new CoreError('invalidAmount');
  return Number(v);
}

/** A token as the account state lists it: the shared holding plus TRON's price in TRX when known. */
export type TronTokenHolding = TokenHolding & { tokenPriceInTrx?: string; type: 'trc10' | 'trc20' };

export function tokenHolding(t: TronToken): TronTokenHolding {
  return {
    type: t.type,
    ...(t.tokenPriceInTrx ? { tokenPriceInTrx: t.tokenPriceInTrx } : {}),
    contract: t.contract,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    balance: t.balance,
    standard: t.type === 'trc20' ? 'TRC-20' : 'TRC-10',
  };
}

export function createTronChain(backend: TronBackend): TronAdapter {
  const chain = 'TRX' as const;
  const coinType = CHAINS.TRX.coinType;
  const summaryOf = (a: TronAccountInfo): AccountSummary => ({
    balance: a.balance,
    pending: 0n,
    txCount: a.txCount,
    activated: a.activated,
  });

  const adapter: TronAdapter = {
    chain,
    family: 'trx',
    asset: { symbol: 'TRX', decimals: TRX_DECIMALS },
    capabilities: {
      readOnly: false,
      tokens: true,
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
      const info = await backend.account(addressOf(account), options.signal);
      const r = info.resources;
      return {
        ...summaryOf(info),
        available: info.balance,
        resources: [
          { kind: 'bandwidth', used: r.freeNetUsed + r.netUsed, limit: r.freeNetLimit + r.netLimit },
          { kind: 'energy', used: r.energyUsed, limit: r.energyLimit },
        ],
        tokens: info.tokens.map(tokenHolding),
        extra: {
          bandwidthAvailable: availableBandwidth(r).toString(),
          energyAvailable: availableEnergy(r).toString(),
        },
      };
    },

    async getReceiveAddress(account) {
      return { address: addressOf(account), path: signingPath(chain, account.path) };
    },

    getHistory(account, cursor = null) {
      return backend.history(addressOf(account), cursor);
    },

    async getFees() {
      const p = await backend.params();
      // The whole cost depends on the account and the recipient (build computes it); the tiers are the burn of a
      // plain transfer's bandwidth at the chain's price, shown only where fees are shown (TRX hides them).
      const plain = 270n * p.bandwidthPrice;
      const tier = Number(plain);
      return {
        tiers: { high: tier, medium: tier, low: tier },
        unit: 'sun',
        basis: 'perTransaction',
        accountCreationFee: p.createAccountFee + p.createNewAccountFeeInSystemContract,
        hidden: CHAINS.TRX.hiddenFee,
      };
    },

    async checkRecipient(address) {
      const [info, p] = await Promise.all([backend.account(address), backend.params()]);
      return {
        activated: info.activated,
        ...(info.activated
          ? {}
          : { creationFee: p.createAccountFee + p.createNewAccountFeeInSystemContract }),
      };
    },

    async build(account, draft): Promise<BuiltTransaction<TronUnsigned, TronSignRequest>> {
      const from = addressOf(account);
      if (!isValidTronAddress(draft.recipient)) throw new CoreError('invalidAddress');
      const [me, recipient, params, block] = await Promise.all([
        backend.account(from),
        backend.account(draft.recipient),
        backend.params(),
        backend.block(),
      ]);
      const token = draft.token;
      const kind = token ? (tronTokenType(token.contract) === 'trc20' ? 'trc20' : 'trc10') : 'trx';
      if (kind === 'trc20' && !isValidTronAddress(token!.contract))
        throw new CoreError('invalidTokenContract');
      if (kind === 'trc10' && !/^\d{1,19}$/.test(token!.contract))
        throw new CoreError('invalidTokenContract');
      // TRC-20 does not create the recipient's account; TRX and TRC-10 transfers do.
      const activates = !recipient.activated && kind !== 'trc20';
      const base = {
        from,
        blockID: block.blockID,
        blockNumber: block.blockNumber,
        timestamp: block.timestamp,
        expiration: block.timestamp + TRON_EXPIRATION_MS,
      };
      const held = token ? me.tokens.find((t) => t.contract === token.contract) : undefined;
      const tokenBalance = held?.balance ?? 0n;

      const txFor = (amount: bigint): TronDeviceTx =>
        kind === 'trx'
          ? { ...base, kind, to: draft.recipient, amount: safeNumber(amount) }
          : kind === 'trc10'
            ? { ...base, kind, to: draft.recipient, amount: safeNumber(amount), token: token!.contract }
            : {
                ...base,
                kind,
                to: draft.recipient,
                amount: amount.toString(),
                contract: token!.contract,
                feeLimit: safeNumber(TRON_FEE_LIMIT),
              };
      const energy =
        kind === 'trc20'
          ? await backend.estimateEnergy(
              from,
              token!.contract,
              trc20TransferData(draft.recipient, draft.sendAll ? tokenBalance : draft.amount),
            )
          : 0n;
      const costsFor = (amount: bigint) =>
        tronCosts({
          bytes: signedSize(rawDataHex(txFor(amount))),
          energy,
          activates,
          resources: me.resources,
          params,
        });

      let amount: bigint;
      let costs: TronCosts;
      if (draft.sendAll) {
        if (kind === 'trx') {
          costs = costsFor(me.balance);
          amount = me.balance - costs.total;
          if (amount > 0n) costs = costsFor(amount);
          amount = me.balance - costs.total;
        } else {
          amount = tokenBalance;
          costs = costsFor(amount);
        }
        if (amount <= 0n) throw new CoreError('err-39', { coin: 'TRX' });
      } else {
        amount = draft.amount;
        if (amount <= 0n) throw new CoreError('amountOrRecipientMissing');
        costs = costsFor(amount);
      }
      if (kind !== 'trx' && amount > tokenBalance) throw new CoreError('err-31');
      if (kind === 'trc20' && !withinFeeLimit(costs))
        throw new TronError(
          'tronFeeLimitExceeded',
          `This token send needs ${energy} energy; the account has ${costs.energyAvailable}, so about ${formatUnits(costs.energyBurn, TRX_DECIMALS)} TRX would be burned — more than the ${formatUnits(TRON_FEE_LIMIT, TRX_DECIMALS)} TRX fee limit. The network would stop it (OUT_OF_ENERGY) and still burn the fee, so it is not signed.`,
          {
            energy: energy.toString(),
            available: costs.energyAvailable.toString(),
            burn: formatUnits(costs.energyBurn, TRX_DECIMALS),
            limit: formatUnits(TRON_FEE_LIMIT, TRX_DECIMALS),
          },
        );
      // err-39: TRX must cover the amount (TRX sends) and everything burned, activation included.
      const trxSpent = (kind === 'trx' ? amount : 0n) + costs.total;
      if (me.balance < trxSpent) throw new CoreError('err-39', { coin: 'TRX' });

      const tx = txFor(amount);
      return {
        unsigned: {
          tx,
          rawHex: rawDataHex(tx),
          costs,
          activates,
          ...(token ? { token } : {}),
        },
        signRequest: { path: signingPath(chain, account.path), tx },
        review: {
          recipient: draft.recipient,
          amount,
          fee: costs.total,
          total: kind === 'trx' ? amount + costs.total : costs.total,
        },
      };
    },

    reviewRows(built): ReviewRow[] {
      const { review, unsigned } = built;
      const { costs } = unsigned;
      const trx = (value: bigint) => ({
        type: 'amount' as const,
        value,
        decimals: TRX_DECIMALS,
        symbol: 'TRX',
      });
      const token = unsigned.token;
      const rows: ReviewRow[] = [
        {
          labelKey: 'send.recipient',
          value: { type: 'address', value: review.recipient },
          testId: 'review-recipient',
        },
        {
          labelKey: 'send.amountLabel',
          value: token
            ? { type: 'amount', value: review.amount, decimals: token.decimals, symbol: token.symbol }
            : trx(review.amount),
          testId: 'review-amount',
        },
        {
          labelKey: 'tron.review.bandwidth',
          value: { type: 'text', value: costs.bandwidth.toString() },
          testId: 'review-bandwidth',
        },
        {
          labelKey: 'tron.review.bandwidthBurn',
          value: trx(costs.bandwidthBurn),
          testId: 'review-bandwidth-burn',
        },
      ];
      if (unsigned.tx.kind === 'trc20')
        rows.push(
          {
            labelKey: 'tron.review.energy',
            value: { type: 'text', value: costs.energy.toString() },
            testId: 'review-energy',
          },
          { labelKey: 'tron.review.energyBurn', value: trx(costs.energyBurn), testId: 'review-energy-burn' },
        );
      if (unsigned.activates)
        rows.push({
          labelKey: 'tron.review.activationFee',
          value: trx(costs.activationFee),
          testId: 'review-activation-fee',
        });
      rows.push({ labelKey: 'send.networkFee', value: trx(review.fee), testId: 'review-fee' });
      if (!token) rows.push({ labelKey: 'send.total', value: trx(review.total), testId: 'review-total' });
      return rows;
    },

    burnSentence(built) {
      return burnSentence(built.unsigned.costs);
    },

    async sign(signer, built) {
      const { path, tx } = built.signRequest;
      return signer.signTrx(path, deviceRequest(tx));
    },

    finalize(built, signature): TronSigned {
      return finalizeTronTransaction(
        built.unsigned.rawHex,
        built.unsigned.tx.from,
        signature.rawTx,
        signature.signature,
      );
    },

    broadcast(tx) {
      return backend.broadcast(tx.raw);
    },

    token(contract, owner) {
      return backend.token(contract, owner);
    },

    params() {
      return backend.params();
    },

    validateAddress: validateTronAddress,
  };
  return adapter;
}
