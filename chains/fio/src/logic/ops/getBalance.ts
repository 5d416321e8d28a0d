/** Balance with available / staked / locked, and the zeros the account page shows when it fails. */
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  StateOptions,
} from '@secux-companion/chain-common';
import type { FioBackend, FioBalance } from '../backend';
import { fioActor, keyOf, type FioContext } from './context';

export async function getAccountSummary(
  { backend }: FioContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountSummary> {
  const b = await backend.balance(keyOf(account), options.signal);
  return { balance: b.balance, pending: 0n, txCount: b.txCount };
}

export async function getAccountState(
  { backend }: FioContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountState> {
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
}

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
