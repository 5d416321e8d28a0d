/**
 * FIO payment requests (spec 03 §3, §4; issue 17): the request and record entities and their encrypted content.
 *
 * FIO encrypts a request's content for the two parties: the content is serialized with FIO's content types
 * (new_funds_content, record_obt_data_content), then encrypted with AES-256-CBC + HMAC-SHA-256 keyed by SHA-512 of the
 * 64-byte ECDH shared secret of the payer's and payee's keys. The device computes that secret (getSharedSecret; the
 * private key never leaves it); the serialization and the cipher are fiojs's own functions, so what we write is what
 * fiojs's SharedCipher reads and the reverse.
 */
import { checkDecrypt, checkEncrypt } from '@fioprotocol/fiojs/dist/encryption-check';
import { deserialize, serialize } from '@fioprotocol/fiojs/dist/encryption-fio';
import { Serialize } from '@fioprotocol/fiojs';
import type { FioRequestStatus } from './rules';

/** What a new request carries, encrypted (new_funds_content). */
export interface FioRequestContent {
  /** The payee's address on the requested chain (where the payment goes). */
  payeePublicAddress: string;
  /** Decimal text, at most 15 decimals. */
  amount: string;
  chainCode: string;
  tokenCode: string;
  memo: string;
}

/** A sent or received request of one of the device's FIO accounts. */
export interface FioRequest {
  id: number;
  type: 'sent' | 'received';
  status: FioRequestStatus;
  /** ISO */
  timeStamp: string;
  payerHandle: string;
  payeeHandle: string;
  payerKey: string;
  payeeKey: string;
  /** null: the content could not be decrypted — shown as such, never dropped. */
  content: FioRequestContent | null;
  /** The device account the request was read for. */
  accountKey: string;
  accountPath: string;
}

/** What recordobt carries, encrypted (record_obt_data_content): the payment of a request. */
export interface FioRecordContent {
  payerPublicAddress: string;
  payeePublicAddress: string;
  amount: string;
  chainCode: string;
  tokenCode: string;
  status: 'sent_to_blockchain';
  /** The payment's transaction id on its chain. */
  obtId: string;
  memo: string;
}

/** Where the shared secret comes from: the Device (getSharedSecret, SecuX app-fio INS 0x80c6). */
export interface FioSecretSource {
  /** 64 bytes (hex) for the account at `path` and another party's compressed public key (33 bytes, hex). */
  getSharedSecret(path: string, publicKeyHex: string): Promise<string>;
}

export type FioContentKind = 'new_funds_content' | 'record_obt_data_content';
type ContentOf<K extends FioContentKind> = K extends 'new_funds_content'
  ? FioRequestContent
  : FioRecordContent;

/** Each decrypted text field is bounded (an encrypted content is at most 1,000 base64 characters). */
const FIELD_MAX = 1000;

function secretBytes(secretHex: string): Buffer {
  if (!/^[0-9a-fA-F]{128}$/.test(secretHex)) throw new Error('A FIO shared secret is 64 bytes (128 hex)');
  return Buffer.from(secretHex, 'hex');
}

/** Our field names and FIO's, per content type (FIO's memo, hash and offline_url are optional: '' goes as null). */
const FIELDS: Record<FioContentKind, readonly (readonly [string, string])[]> = {
  new_funds_content: [
    ['payeePublicAddress', 'payee_public_address'],
    ['amount', 'amount'],
    ['chainCode', 'chain_code'],
    ['tokenCode', 'token_code'],
    ['memo', 'memo'],
  ],
  record_obt_data_content: [
    ['payerPublicAddress', 'payer_public_address'],
    ['payeePublicAddress', 'payee_public_address'],
    ['amount', 'amount'],
    ['chainCode', 'chain_code'],
    ['tokenCode', 'token_code'],
    ['status', 'status'],
    ['obtId', 'obt_id'],
    ['memo', 'memo'],
  ],
};

function wireOf(kind: FioContentKind, c: FioRequestContent | FioRecordContent): Record<string, unknown> {
  const values = c as unknown as Record<string, string>;
  const wire: Record<string, unknown> = { hash: null, offline_url: null };
  for (const [ours, fio] of FIELDS[kind])
    wire[fio] = ours === 'memo' && values.memo === '' ? null : values[ours];
  return wire;
}

function contentOf(kind: FioContentKind, o: Record<string, unknown>): FioRequestContent | FioRecordContent {
  if (kind === 'record_obt_data_content' && o.status !== 'sent_to_blockchain')
    throw new Error('FIO content: bad status');
  const content: Record<string, string> = {};
  for (const [ours, fio] of FIELDS[kind]) {
    const v = o[fio];
    if (ours === 'memo' && (v === null || v === undefined)) content[ours] = '';
    else if (typeof v !== 'string' || v.length > FIELD_MAX) throw new Error(`FIO content: bad ${fio}`);
    else content[ours] = v;
  }
  return content as unknown as FioRequestContent | FioRecordContent;
}

const serialBuffer = (array?: Uint8Array) =>
  new Serialize.SerialBuffer({
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
    ...(array ? { array } : {}),
  });

/**
 * Encrypts a content for the action's `content` field (base64), with the 64-byte shared secret of the two parties.
 * `iv` (16 bytes) only for reproducible tests; a random one otherwise.
 */
export function encryptContent<K extends FioContentKind>(
  kind: K,
  content: ContentOf<K>,
  secretHex: string,
  iv?: Uint8Array,
): string {
  const buffer = serialBuffer();
  serialize(buffer, kind, wireOf(kind, content));
  return checkEncrypt(
    secretBytes(secretHex),
    Buffer.from(buffer.asUint8Array()),
    iv ? Buffer.from(iv) : undefined,
  ).toString('base64');
}

/** Decrypts a content; throws when it does not authenticate with the secret or is not a content of `kind`. */
export function decryptContent<K extends FioContentKind>(
  kind: K,
  base64: string,
  secretHex: string,
): ContentOf<K> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('FIO content is not base64');
  const message = Buffer.from(base64, 'base64');
  // IV (16) + at least one AES block (16) + HMAC (32).
  if (message.length < 64) throw new Error('FIO content is too short');
  const plain = checkDecrypt(secretBytes(secretHex), message);
  const buffer = serialBuffer(Uint8Array.from(plain));
  const o = deserialize(buffer, kind) as Record<string, unknown>;
  if (buffer.readPos !== plain.length) throw new Error('FIO content: trailing bytes');
  return contentOf(kind, o) as ContentOf<K>;
}
