/**
 * The getters of a key's FIO names and balance and of a handle's mapped addresses: get_fio_balance, get_fio_domains,
 * get_fio_addresses, get_fio_names, avail_check, get_pub_address, get_pub_addresses, get_actor, get_fee.
 */
import { Fio } from '@fioprotocol/fiojs';
import { isValidDomain, isValidFioPublicKey, isValidHandle } from '@secux-companion/chain-fio';
import { fioTime } from '../constants.js';
import { invalidInput, notFound } from '../errors.js';
import { feeFor } from '../fees.js';
import type { Domain, FioState, Handle } from '../state.js';

type Body = Record<string, unknown>;

/** The request's fio_public_key, or FIO's 400 for one that is no FIO public key. */
export function publicKeyOf(b: Body): string {
  const k = b.fio_public_key;
  if (typeof k !== 'string' || !isValidFioPublicKey(k))
    throw invalidInput('fio_public_key', k, 'Invalid FIO Public Key');
  return k;
}

const domainRow = ([fio_domain, d]: [string, Domain]) => ({
  fio_domain,
  expiration: fioTime(d.expiration),
  is_public: d.isPublic ? 1 : 0,
});
const handleRow = ([fio_address, h]: [string, Handle]) => ({
  fio_address,
  expiration: fioTime(h.expiration),
  remaining_bundled_tx: h.bundled,
});

export function getFioBalance(s: FioState, b: Body): unknown {
  const k = publicKeyOf(b);
  if (!s.balances.has(k)) throw notFound('Public key not found');
  const staked = s.stakedOf(k);
  return {
    balance: s.balanceOf(k).toString(),
    available: s.availableOf(k).toString(),
    staked: Number(staked),
    srps: Number(staked),
    roe: '1.000000000000000',
  };
}

export function getFioDomains(s: FioState, b: Body): unknown {
  const k = publicKeyOf(b);
  const list = [...s.domains].filter(([, d]) => d.owner === k);
  if (!list.length) throw notFound('No FIO Domains');
  return { fio_domains: list.map(domainRow), more: 0 };
}

export function getFioAddresses(s: FioState, b: Body): unknown {
  const k = publicKeyOf(b);
  const list = [...s.handles].filter(([, h]) => h.owner === k);
  if (!list.length) throw notFound('No FIO Addresses');
  return { fio_addresses: list.map(handleRow), more: 0 };
}

export function getFioNames(s: FioState, b: Body): unknown {
  const k = publicKeyOf(b);
  const d = [...s.domains].filter(([, x]) => x.owner === k);
  const a = [...s.handles].filter(([, x]) => x.owner === k);
  if (!d.length && !a.length) throw notFound('No FIO names');
  return { fio_domains: d.map(domainRow), fio_addresses: a.map(handleRow) };
}

export function availCheck(s: FioState, b: Body): unknown {
  const n = String(b.fio_name ?? '');
  if (!isValidHandle(n) && !isValidDomain(n)) throw invalidInput('fio_name', n, 'Invalid FIO Name');
  return { is_registered: s.handles.has(n) || s.domains.has(n) ? 1 : 0 };
}

export function getPubAddress(s: FioState, b: Body): unknown {
  const h = s.handles.get(String(b.fio_address));
  if (!h) throw invalidInput('fio_address', b.fio_address, 'Invalid FIO Address');
  const chain = String(b.chain_code ?? '').toUpperCase();
  const token = String(b.token_code ?? '').toUpperCase();
  if (chain === 'FIO' && token === 'FIO') return { public_address: h.owner };
  const hit =
    h.addresses.find((a) => a.chain_code === chain && a.token_code === token) ??
    h.addresses.find((a) => a.chain_code === chain && a.token_code === '*');
  if (!hit) throw notFound('Public address not found');
  return { public_address: hit.public_address };
}

export function getPubAddresses(s: FioState, b: Body): unknown {
  const h = s.handles.get(String(b.fio_address));
  if (!h) throw invalidInput('fio_address', b.fio_address, 'Invalid FIO Address');
  const all = [{ chain_code: 'FIO', token_code: 'FIO', public_address: h.owner }, ...h.addresses];
  return { public_addresses: all, more: 0 };
}

export const getActor = (_s: FioState, b: Body): unknown => ({ actor: Fio.accountHash(publicKeyOf(b)) });

export function getFee(s: FioState, b: Body): unknown {
  const addr = typeof b.fio_address === 'string' ? b.fio_address : '';
  return { fee: Number(feeFor(s, String(b.end_point), addr)) };
}
