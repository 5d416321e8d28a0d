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
import type { FioBackend, FioBalance, FioRequestRecord, FioStakingInfo } from './backend';
import {
  decryptContent,
  encryptContent,
  type FioRecordContent,
  type FioRequest,
  type FioRequestContent,
  type FioSecretSource,
} from './requests';
import {
  FIO_ACTIONS,
  FIO_COIN_TYPE,
  fioPublicKeyHex,
  isValidFioPublicKey,
  isValidHandle,
  REQUEST_AMOUNT_DECIMALS,
  REQUEST_MEMO_MAX,
  type FioActionKind,
} from './rules';
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
    }
  | {
      kind: 'requestFunds';
      /** The own (payee) handle. */
      handle: string;
      payerHandle: string;
      payerKey: string;
      content: FioRequestContent;
    }
  | { kind: 'rejectFundsRequest' | 'cancelFundsRequest'; handle: string; requestId: number }
  | {
      kind: 'recordObtData';
      /** The own (payer) handle. */
      handle: string;
      requestId: number;
      payeeHandle: string;
      payeeKey: string;
      content: FioRecordContent;
    }
  /** handle '' when the account has none (the fee is paid then). */
  | { kind: 'stakeFioTokens' | 'unStakeFioTokens'; handle: string; amount: bigint }
  | { kind: 'proxyVote'; handle: string; proxy: string };

/** What the staking flow shows for an account (apr7d, voted/proxy, the default proxy, the unstake lock). */
export type FioStaking = FioStakingInfo;

export interface FioBuiltAction {
  unsigned: FioUnsignedTx;
  signRequest: FioSignRequest;
  fee: bigint;
}

export interface FioNameService {
  /** /get_fee for an action (the handle for bundle-eligible ones). */
  fee(kind: FioActionKind, handle?: string): Promise<bigint>;
  /** Builds an action to sign; the request and record actions encrypt their content and need `secrets`. */
  build(
    account: AccountDescriptor,
    action: FioNameAction,
    tpid?: string,
    secrets?: FioSecretSource,
  ): Promise<FioBuiltAction>;
  /** Signs on the device and pushes; returns the transaction id. */
  signAndPush(signer: FioSigner, built: FioBuiltAction): Promise<string>;
  /**
   * Sent and received requests of every account, merged, newest first (spec 03 §7); a failure of any list gives [].
   * Each content is decrypted with the account's shared secret with the other party (one device call per party);
   * one that does not decrypt is kept with content null. A device failure (disconnected, refused) rejects.
   */
  requests(accounts: readonly AccountDescriptor[], secrets: FioSecretSource): Promise<FioRequest[]>;
  staking(publicKey: string): Promise<FioStaking>;
}

const keyOf = (a: AccountDescriptor): string => {
  if (!a.address) throw new Error('A FIO account needs its public key');
  return a.address;
};

/** The fields of the actions that are not encrypted (request and record fields come from encryptedFields). */
function fieldsOf(
  a: Exclude<FioNameAction, { kind: 'requestFunds' | 'recordObtData' }>,
  owner: string,
): Record<string, unknown> {
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
    case 'rejectFundsRequest':
    case 'cancelFundsRequest':
      return { fio_request_id: String(a.requestId) };
    case 'stakeFioTokens':
    case 'unStakeFioTokens':
      return { fio_address: a.handle, amount: a.amount.toString() };
    case 'proxyVote':
      return { proxy: a.proxy, fio_address: a.handle };
  }
}

const REQUEST_AMOUNT = new RegExp(`^\\d+(\\.\\d{1,${REQUEST_AMOUNT_DECIMALS}})?$`);

function checkMemo(memo: string) {
  if (Array.from(memo).length > REQUEST_MEMO_MAX) throw new RangeError('A memo is at most 200 characters');
}

/** A request the wallet will not send: an amount not above 0 or over 15 decimals, a long memo, no chain or address. */
function checkRequestContent(c: FioRequestContent) {
  if (!REQUEST_AMOUNT.test(c.amount) || !/[1-9]/.test(c.amount)) throw new CoreError('err-34');
  checkMemo(c.memo);
  if (!c.chainCode.trim() || !c.tokenCode.trim() || !c.payeePublicAddress.trim())
    throw new CoreError('invalidAddress');
}

const checkRequestId = (id: number) => {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError('A FIO request id is a non-negative integer');
};

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

  /** The 64-byte secret of the account (its signing path) and another party's key, from the device. */
  const secretWith = (secrets: FioSecretSource, account: AccountDescriptor, otherKey: string) =>
    secrets.getSharedSecret(signingPath(chain, account.path), fioPublicKeyHex(otherKey));

  const encryptedFields = async (
    account: AccountDescriptor,
    action: Extract<FioNameAction, { kind: 'requestFunds' | 'recordObtData' }>,
    secrets: FioSecretSource | undefined,
  ): Promise<Record<string, unknown>> => {
    if (!secrets) throw new Error('FIO requests need the device to encrypt their content');
    if (!isValidHandle(action.handle)) throw new CoreError('invalidAddress');
    if (action.kind === 'requestFunds') {
      if (!isValidHandle(action.payerHandle) || !isValidFioPublicKey(action.payerKey))
        throw new CoreError('invalidAddress');
      checkRequestContent(action.content);
      const secret = await secretWith(secrets, account, action.payerKey);
      return {
        payer_fio_address: action.payerHandle,
        payee_fio_address: action.handle,
        content: encryptContent('new_funds_content', action.content, secret),
      };
    }
    checkRequestId(action.requestId);
    if (!isValidHandle(action.payeeHandle) || !isValidFioPublicKey(action.payeeKey))
      throw new CoreError('invalidAddress');
    // A request marked as paid outside the app is recorded with what the request said and no transaction id (or
    // nothing but the status, when its content could not be decrypted); only a memo and an amount given are checked.
    if (action.content.amount !== '' && !REQUEST_AMOUNT.test(action.content.amount))
      throw new CoreError('err-34');
    checkMemo(action.content.memo);
    const secret = await secretWith(secrets, account, action.payeeKey);
    return {
      fio_request_id: String(action.requestId),
      payer_fio_address: action.handle,
      payee_fio_address: action.payeeHandle,
      content: encryptContent('record_obt_data_content', action.content, secret),
    };
  };

  /** One request for the account it was read for; content null when it does not decrypt. */
  const requestOf = async (
    account: AccountDescriptor,
    type: 'sent' | 'received',
    r: FioRequestRecord,
    secretFor: (otherKey: string) => Promise<string>,
  ): Promise<FioRequest> => {
    const otherKey = type === 'sent' ? r.payerKey : r.payeeKey;
    let content: FioRequestContent | null = null;
    if (isValidFioPublicKey(otherKey)) {
      const secret = await secretFor(otherKey);
      try {
        content = decryptContent('new_funds_content', r.content, secret);
      } catch {
        content = null;
      }
    }
    return { ...r, type, content, accountKey: keyOf(account), accountPath: account.path };
  };

  const names: FioNameService = {
    fee(kind, handle = '') {
      return backend.fee(FIO_ACTIONS[kind].endPoint, FIO_ACTIONS[kind].bundled ? handle : '');
    },
    async build(account, action, tpid = SECUX_TPID, secrets) {
      const handle = 'handle' in action ? action.handle : '';
      const fee = await names.fee(action.kind, handle);
      if (FIO_ACTIONS[action.kind].bundled === false) {
        const { available } = await backend.balance(keyOf(account));
        const sets = action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : 1;
        if (fee * BigInt(sets) > available) throw new CoreError('insufficientBalance');
      } else if (action.kind === 'stakeFioTokens' || action.kind === 'unStakeFioTokens') {
        if (action.amount <= 0n) throw new CoreError('err-34');
        const b = await backend.balance(keyOf(account));
        const spent = action.kind === 'stakeFioTokens' ? action.amount + fee : fee;
        if (spent > b.available || (action.kind === 'unStakeFioTokens' && action.amount > b.staked))
          throw new CoreError('insufficientBalance');
      } else if (fee > 0n) {
        // The handle has no bundled transactions left (or there is no handle): the fee is paid from the balance.
        const { available } = await backend.balance(keyOf(account));
        if (fee > available) throw new CoreError('insufficientBalance');
      }
      if (action.kind === 'transferFioDomain' && !isValidFioPublicKey(action.newOwnerKey))
        throw new CoreError('invalidAddress');
      if (action.kind === 'rejectFundsRequest' || action.kind === 'cancelFundsRequest')
        checkRequestId(action.requestId);
      const fields =
        action.kind === 'requestFunds' || action.kind === 'recordObtData'
          ? await encryptedFields(account, action, secrets)
          : fieldsOf(action, keyOf(account));
      return buildKind(
        account,
        action.kind,
        fields,
        fee,
        tpid,
        action.kind === 'addBundledTransactions' ? (action.bundleSets ?? 1) : undefined,
      );
    },
    async signAndPush(signer, built) {
      const signature = await signer.signFio(built.signRequest.path, built.signRequest.sigData);
      return backend.push(fioPushBody(built.unsigned, signature));
    },
    async requests(accounts, secrets) {
      const fio = accounts.filter((a) => a.chain === chain && a.address);
      let lists: { account: AccountDescriptor; type: 'sent' | 'received'; list: FioRequestRecord[] }[];
      try {
        lists = await Promise.all(
          fio.flatMap((account) =>
            (['sent', 'received'] as const).map(async (type) => ({
              account,
              type,
              list: await backend.requests(keyOf(account), type),
            })),
          ),
        );
      } catch {
        return [];
      }
      const out: FioRequest[] = [];
      // One device call per account and other party: the device is asked in turn, never twice for the same pair.
      const cache = new Map<string, Promise<string>>();
      for (const { account, type, list } of lists) {
        const secretFor = (otherKey: string) => {
          const id = `${account.path} ${otherKey}`;
          let p = cache.get(id);
          if (!p) {
            p = secretWith(secrets, account, otherKey);
            cache.set(id, p);
          }
          return p;
        };
        for (const r of list) out.push(await requestOf(account, type, r, secretFor));
      }
      return out.sort(
        (a, b) =>
          Date.parse(b.timeStamp) - Date.parse(a.timeStamp) ||
          b.id - a.id ||
          a.type.localeCompare(b.type) ||
          a.accountKey.localeCompare(b.accountKey),
      );
    },
    async staking(publicKey) {
      return backend.staking(publicKey);
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
