/**
 * The transaction log of a FIO action (spec 01 §7, spec 02 §2): posted after every push, with the action, the
 * signing path, the name it is about and the fee; a refused push is logged as err-08 under the signed transaction's
 * id with the node's words, and still fails for the screen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FioBuiltAction } from '@secux-companion/chain-fio';
import { pushFioAction } from './actionLog';
import { recordTxLogs } from './domain/testFakes';

afterEach(() => vi.unstubAllGlobals());

const built = {
  unsigned: {
    kind: 'registerFioDomain',
    maxFee: 800_000_000_000n,
    data: {
      fio_domain: 'mine',
      owner_fio_public_key: 'FIO6x',
      max_fee: '800000000000',
      actor: 'a',
      tpid: '',
    },
    txId: 'ab'.repeat(32),
  },
  signRequest: { path: "m/44'/235'/0'/0/0", sigData: 'cd', digest: 'D' },
  fee: 800_000_000_000n,
} as unknown as FioBuiltAction;

describe('pushFioAction', () => {
  it('pushes the signed action and logs state-010 with the node’s id', async () => {
    const posts = recordTxLogs();
    const signAndPush = vi.fn(async (s: { signFio(p: string, d: string): Promise<string> }) => {
      expect(await s.signFio('', '')).toBe('SIG_K1_x');
      return 'c0ffee'.repeat(8);
    });
    expect(await pushFioAction({ signAndPush }, 'FIO', built, 'SIG_K1_x')).toBe('c0ffee'.repeat(8));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      hash: 'c0ffee'.repeat(8),
      chain: 'FIO',
      context: {
        kind: 'registerFioDomain',
        from: "m/44'/235'/0'/0/0",
        to: 'mine',
        fee: '800000000000',
        result: 'state-010',
      },
    });
  });

  it('a refused push is logged as err-08 under the signed id with the node’s words, and rejects', async () => {
    const posts = recordTxLogs();
    const stake = {
      ...built,
      unsigned: {
        ...built.unsigned,
        kind: 'stakeFioTokens',
        data: { fio_address: 'me@secux', amount: '5000000000', max_fee: 0 },
      },
      fee: 0n,
    } as unknown as FioBuiltAction;
    const signAndPush = vi.fn(async () => {
      throw new Error('Account has not voted');
    });
    await expect(pushFioAction({ signAndPush }, 'TFIO', stake, 'SIG_K1_x')).rejects.toThrow('not voted');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      hash: 'ab'.repeat(32),
      chain: 'TFIO',
      context: {
        kind: 'stakeFioTokens',
        from: "m/44'/235'/0'/0/0",
        to: 'me@secux',
        amount: '5000000000',
        fee: '0',
        result: 'err-08',
        error: 'Account has not voted',
      },
    });
  });
});
