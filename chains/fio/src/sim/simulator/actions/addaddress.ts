/**
 * fio.address addaddress / remaddress: public addresses mapped to (or removed from) the signer's handle, at most 5 a
 * call and 200 a handle; a bundled transaction is spent when the handle has one, else the fee.
 */
import { invalidInput } from '../errors.js';
import type { FioState, PubAddr } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function addaddress(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const handle = c.handle!;
  const list = Array.isArray(a.d.public_addresses) ? (a.d.public_addresses as PubAddr[]) : [];
  if (!list.length || list.length > 5)
    throw invalidInput('public_addresses', list.length, 'Min 1, Max 5 public addresses are allowed');
  for (const p of list) {
    const chain = String(p.chain_code).toUpperCase();
    const token = String(p.token_code).toUpperCase();
    if (
      !/^[A-Z0-9]{1,10}$/.test(chain) ||
      !/^([A-Z0-9]{1,10}|\*)$/.test(token) ||
      !p.public_address ||
      p.public_address.length > 128
    )
      throw invalidInput('public_addresses', p.public_address, 'Invalid public address');
    handle.addresses = handle.addresses.filter((x) => !(x.chain_code === chain && x.token_code === token));
    if (a.name === 'addaddress')
      handle.addresses.push({ chain_code: chain, token_code: token, public_address: p.public_address });
  }
  if (handle.addresses.length > 200)
    throw invalidInput('public_addresses', '', 'Max 200 public addresses per handle');
  if (c.fee === 0n) handle.bundled -= 1;
  c.settle();
  return { response: c.response };
}

/** remaddress: the same rules as addaddress, removing instead of adding. */
export const remaddress = addaddress;
