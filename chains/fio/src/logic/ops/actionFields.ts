/** The fields of each Domain page action: plain ones, and the request and record ones encrypted on the device. */
import { CoreError } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { encryptContent, type FioRequestContent, type FioSecretSource } from '../requests';
import { isValidFioPublicKey, isValidHandle, REQUEST_AMOUNT_DECIMALS, REQUEST_MEMO_MAX } from '../rules';
import type { FioNameAction } from '../types';
import { secretWith, type FioContext } from './context';

type EncryptedAction = Extract<FioNameAction, { kind: 'requestFunds' | 'recordObtData' }>;

/** The fields of the actions that are not encrypted (request and record fields come from encryptedFields). */
export function fieldsOf(a: Exclude<FioNameAction, EncryptedAction>, owner: string): Record<string, unknown> {
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

export const checkRequestId = (id: number) => {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError('A FIO request id is a non-negative integer');
};

export async function encryptedFields(
  ctx: FioContext,
  account: AccountDescriptor,
  action: EncryptedAction,
  secrets: FioSecretSource | undefined,
): Promise<Record<string, unknown>> {
  if (!secrets) throw new Error('FIO requests need the device to encrypt their content');
  if (!isValidHandle(action.handle)) throw new CoreError('invalidAddress');
  if (action.kind === 'requestFunds') {
    if (!isValidHandle(action.payerHandle) || !isValidFioPublicKey(action.payerKey))
      throw new CoreError('invalidAddress');
    checkRequestContent(action.content);
    const secret = await secretWith(ctx, secrets, account, action.payerKey);
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
  const secret = await secretWith(ctx, secrets, account, action.payeeKey);
  return {
    fio_request_id: String(action.requestId),
    payer_fio_address: action.handle,
    payee_fio_address: action.payeeHandle,
    content: encryptContent('record_obt_data_content', action.content, secret),
  };
}
