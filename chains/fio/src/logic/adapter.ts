/**
 * The FIO adapter (ChainAdapter) and the name-service operations of the Domain page (spec 03): accounts on
 * m/44'/235'/{account}' (default name FIO + index + 1), balance with available / staked / locked, transfers
 * (trnsfiopubky), and every action of the page built the same way — fee from /get_fee for its end point, max_fee by
 * the spec's rules, TAPOS from the chain, the technology provider id — then signed on the device over the chain id
 * (packages/device signFio) and pushed.
 */
import { CHAINS, CoreError, signingPath, type ChainSymbol } from '@secux-companion/core';
import {
  discoverByGap,
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type BuiltTransaction,
  type ChainAdapter,
  type ReviewRow,
  type SendDraftBase,
} from '@secux-companion/chain-common';
import { Fio } from '@fioprotocol/fiojs';
import type { FioBackend, FioBalance } from './backend';
import { FIO_ACTIONS, FIO_COIN_TYPE, isValidFioPublicKey, type FioActionKind } from './rules';
import { buildFioAction, fioPushBody, fioSigningDigest, type FioRawAbi, type FioUnsignedTx } from './tx';

/** The technology provider id attached to every action (spec 03 §9). Empty until SecuX registers its handle. */
export const SECUX_TPID = '';

export interface FioDraft extends SendDraftBase {
  /** Recipient FIO public key (a handle is resolved before the draft). */
  recipient: string;
}

export interface FioSignRequest {
  /** m/44'/235'/{index}'/0/0 */
  path: string;
  /** chain id ‖ packed trx ‖ 32 zero bytes (hex) */
  sigData: string;
  /** SHA-256 of sigData: all the device shows (SecuX signs FIO blind). */
  digest: string;
}

export interface FioSigner {
  signFio(path: string, sigDataHex: string): Promise<string>;
}
export interface FioKeySource {
  getAddress(path: string): Promise<string>;
}

export interface FioFamily {
  keySource: FioKeySource;
  draft: FioDraft;
  unsigned: FioUnsignedTx;
  signRequest: FioSignRequest;
  signer: FioSigner;
  signature: string;
}

export type FioAdapter = ChainAdapter<FioFamily> & { names: FioNameService };

/** The account name (actor) of a FIO public key. */
export const fioActor = (publicKey: string): string => Fio.accountHash(publicKey);

/** 'Failed to get FIO balance: …' (spec 03 §8) and zeros: what the account page shows when the balance fails. */
export async function balanceOrZeros(
  backend: Pick<FioBackend, 'balance'>,
  publicKey: string,
): Promise<{ balance: FioBalance; error: string | null; cause?: string }> {
  try {
    return { balance: await backend.balance(publicKey), error: null };
  } catch (e) {
    return {
      balance: {
        balance: 0n,
        available: 0n,
        staked: 0n,
        locked: 0n,
        srps: '0',
        roe: '0',
        actor: fioActor(publicKey),
        txCount: 0,
      },
      error: `Failed to get FIO balance: ${e instanceof Error ? e.message : String(e)}`,
      cause: e instanceof Error ? e.message : String(e),
    };
  }
}

/** An action of the Domain page. */
export type FioNameAction =
  | { kind: 'registerFioDomain'; domain: string }
  | { kind: 'registerFioAddress'; handle: string }
  | { kind: 'renewFioDomain'; domain: string }
  | { kind: 'transferFioDomain'; domain: string; newOwnerKey: string }
  | { kind: 'addBundledTransactions'; handle: string; bundleSets?: number }
  | {
      kind: 'addPublicAddress' | 'removePublicAddresses';
      handle: string;
      chainCode: string;
      tokenCode: string;
      publicAddress: string;
    };

export interface FioBuiltAction {
  unsigned: FioUnsignedTx;
  signRequest: FioSignRequest;
  fee: bigint;
}

export interface FioNameService {
  /** /get_fee for an action (the handle for bundle-eligible ones). */
  fee(kind: FioActionKind, handle?: string): Promise<bigint>;
  build(account: AccountDescriptor, action: FioNameAction, tpid?: string): Promise<FioBuiltAction>;
  /** Signs on the device and pushes; returns the transaction id. */
  signAndPush(signer: FioSigner, built: FioBuiltAction): Promise<string>;
}

const keyOf = (a: AccountDescriptor): string => {
  if (!a.address) throw new Error('A FIO account needs its public key');
  return a.address;
};

function fieldsOf(a: FioNameAction, owner: string): Record<string, unknown> {
  switch (a.kind) {
    case 'registerFioDomain':
      return { fio_domain: a.domain, owner_fio_public_key: owner };
    case 'registerFioAddress':
      return { fio_address: a.handle, owner_fio_public_key: owner };
    case 'renewFioDomain':
      return { fio_domain: a.domain };
    case 'transferFioDomain':
      return { fio_domain: a.domain, new_owner_fio_public_key: a.newOwnerKey };
    case 'addBundledTransactions':
      return { fio_address: a.handle, bundle_sets: a.bundleSets ?? 1 };
    case 'addPublicAddress':
    case 'removePublicAddresses':
      return {
        fio_address: a.handle,
        public_addresses: [
          { chain_code: a.chainCode, token_code: a.tokenCode, public_address: a.publicAddress },
        ],
      };
  }
}

export function createFioChain(chain: Extract<ChainSymbol, 'FIO' | 'TFIO'>, backend: FioBackend): FioAdapter {
  const abiCache = new Map<string, Promise<FioRawAbi>>();
  const abi = (account: string) => {
    let p = abiCache.get(account);
    if (!p) {
      p = backend.abi(account);
      p.catch(() => abiCache.delete(account));
      abiCache.set(account, p);
    }
    return p;
  };

  const buildKind = async (
    account: AccountDescriptor,
    kind: FioActionKind,
    fields: Record<string, unknown>,
    fee: bigint,
    tpid: string,
    bundleSets?: number,
  ): Promise<FioBuiltAction> => {
    const publicKey = keyOf(account);
    const [chainRef, contractAbi] = await Promise.all([backend.chainRef(), abi(FIO_ACTIONS[kind].account)]);
    const unsigned = await buildFioAction({
      kind,
      actor: fioActor(publicKey),
      fields,
      fee,
      ...(bundleSets ? { bundleSets } : {}),
      tpid,
      chain: chainRef,
      abis: [contractAbi],
    });
    return {
      unsigned,
      fee,
      signRequest: {
        path: signingPath(chain, account.path),
        sigData: unsigned.sigData,
        digest: fioSigningDigest(unsigned.sigData),
      },
    };
  };

  const names: FioNameService = {
    fee(kind, handle = '') {
      return backend.fee(FIO_ACTIONS[kind].endPoint, FIO_ACTIONS[kind].bundled ? handle : '');
    },
    async build(account, action, tpid = SECUX_TPID) {
      const handle = 'handle' in action ? action.handle : '';
      const fee = await names.fee(action.kind, handle);
      if (FIO_ACTIONS[action.kind].bundled === false) {
        const { available } = await backend.balance(keyOf(account));
        const sets = action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : 1;
        if (fee * BigInt(sets) > available) throw new CoreError('insufficientBalance');
      }
      if (action.kind === 'transferFioDomain' && !isValidFioPublicKey(action.newOwnerKey))
        throw new CoreError('invalidAddress');
      return buildKind(
        account,
        action.kind,
        fieldsOf(action, keyOf(account)),
        fee,
        tpid,
        action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : undefined,
      );
    },
    async signAndPush(signer, built) {
      const signature = await signer.signFio(built.signRequest.path, built.signRequest.sigData);
      return backend.push(fioPushBody(built.unsigned, signature));
    },
  };

  const adapter: FioAdapter = {
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

    discoverAccounts(device, options = {}) {
      return discoverByGap(device, options, {
        chain,
        coinType: FIO_COIN_TYPE,
        address: (path) => device.getAddress(signingPath(chain, path)),
        account: (address, signal) => backend.balance(address, signal),
        used: (b) => b.balance > 0n || b.txCount > 0,
        summary: (b) => ({ balance: b.balance, pending: 0n, txCount: b.txCount }),
      });
    },

    async getAccountSummary(account, options = {}) {
      const b = await backend.balance(keyOf(account), options.signal);
      return { balance: b.balance, pending: 0n, txCount: b.txCount };
    },

    async getAccountState(account, options = {}): Promise<AccountState> {
      const b = await backend.balance(keyOf(account), options.signal);
      return {
        balance: b.balance,
        pending: 0n,
        txCount: b.txCount,
        available: b.available,
        staked: b.staked,
        locked: b.locked,
        extra: { srps: b.srps, roe: b.roe, actor: b.actor },
      };
    },

    async getReceiveAddress(account) {
      return { address: keyOf(account), path: signingPath(chain, account.path) };
    },

    getHistory(account, cursor = null) {
      return backend.history(keyOf(account), cursor);
    },

    async getFees() {
      const fee = Number(await backend.fee('transfer_tokens_pub_key', ''));
      return {
        tiers: { high: fee, medium: fee, low: fee },
        unit: 'SUF',
        basis: 'perTransaction',
        hidden: CHAINS[chain].hiddenFee,
      };
    },

    async build(account, draft): Promise<BuiltTransaction<FioUnsignedTx, FioSignRequest>> {
      const recipient = draft.recipient.trim();
      if (!isValidFioPublicKey(recipient)) throw new CoreError('invalidAddress');
      if (draft.amount <= 0n && !draft.sendAll) throw new CoreError('amountOrRecipientMissing');
      const [b, fee] = await Promise.all([
        backend.balance(keyOf(account)),
        backend.fee('transfer_tokens_pub_key', ''),
      ]);
      const amount = draft.sendAll ? b.available - fee : draft.amount;
      if (amount <= 0n || amount + fee > b.available) throw new CoreError('insufficientBalance');
      const built = await buildKind(
        account,
        'transferTokens',
        { payee_public_key: recipient, amount: amount.toString() },
        fee,
        SECUX_TPID,
      );
      return {
        unsigned: built.unsigned,
        signRequest: built.signRequest,
        review: { recipient, amount, fee, total: amount + fee },
      };
    },

    reviewRows(built): ReviewRow[] {
      const { review } = built;
      const amount = (value: bigint) => ({ type: 'amount' as const, value, decimals: 9, symbol: chain });
      return [
        {
          labelKey: 'send.recipient',
          value: { type: 'address', value: review.recipient },
          testId: 'review-recipient',
        },
        { labelKey: 'send.amountLabel', value: amount(review.amount), testId: 'review-amount' },
        { labelKey: 'send.networkFee', value: amount(review.fee), testId: 'review-fee' },
        { labelKey: 'send.total', value: amount(review.total), testId: 'review-total' },
        {
          labelKey: 'fio.deviceDigest',
          value: { type: 'text', value: built.signRequest.digest },
          testId: 'review-fio-digest',
        },
      ];
    },

    async sign(signer, built) {
      return signer.signFio(built.signRequest.path, built.signRequest.sigData);
    },

    finalize(built, signature) {
      return {
        hash: built.unsigned.txId,
        raw: JSON.stringify(fioPushBody(built.unsigned, signature)),
        encoding: 'json',
      };
    },

    async broadcast(tx) {
      return backend.push(JSON.parse(tx.raw) as never);
    },

    validateAddress(address) {
      if (!address.trim()) return 'empty';
      return isValidFioPublicKey(address.trim()) ? 'ok' : 'invalid';
    },
  };
  return adapter;
}
