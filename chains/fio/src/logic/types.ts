/**
 * The FIO adapter's contract: the draft, the sign request, what it needs from the device, the actions of the Domain
 * page and the name service that builds them, and the adapter's own shape. The operations are in ops/, composed by
 * adapter.ts.
 */
import type { AccountDescriptor, ChainAdapter, SendDraftBase } from '@secux-companion/chain-common';
import type { FioStakingInfo } from './backend';
import type { FioRecordContent, FioRequest, FioRequestContent, FioSecretSource } from './requests';
import type { FioActionKind } from './rules';
import type { FioUnsignedTx } from './tx';

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
