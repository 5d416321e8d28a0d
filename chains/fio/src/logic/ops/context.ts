/** What every FIO operation shares: the network, its data source and the cache of contract ABIs. */
import { signingPath, type ChainSymbol } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { Fio } from '@fioprotocol/fiojs';
import type { FioBackend } from '../backend';
import type { FioSecretSource } from '../requests';
import { fioPublicKeyHex } from '../rules';
import type { FioRawAbi } from '../tx';

export interface FioContext {
  chain: Extract<ChainSymbol, 'FIO' | 'TFIO'>;
  backend: FioBackend;
  /**
   * The technology provider id attached to every action (spec 03 §9): a FIO handle, '' for none. The server's
   * setting (CHAIN_<SYM>_TPID, default SecuX's handle), read from `GET /chains/:chain` by the web app.
   */
  tpid: string;
  /** A contract's ABI, read once (a failed read is asked again next time). */
  abi(account: string): Promise<FioRawAbi>;
}

export function createFioContext(chain: FioContext['chain'], backend: FioBackend, tpid = ''): FioContext {
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
  return { chain, backend, tpid, abi };
}

/** The account's FIO public key. */
export const keyOf = (a: AccountDescriptor): string => {
  if (!a.address) throw new Error('A FIO account needs its public key');
  return a.address;
};

/** The account name (actor) of a FIO public key. */
export const fioActor = (publicKey: string): string => Fio.accountHash(publicKey);

/** The 64-byte secret of the account (its signing path) and another party's key, from the device. */
export const secretWith = (
  ctx: FioContext,
  secrets: FioSecretSource,
  account: AccountDescriptor,
  otherKey: string,
) => secrets.getSharedSecret(signingPath(ctx.chain, account.path), fioPublicKeyHex(otherKey));
