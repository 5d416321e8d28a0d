/** Fakes the request screens' unit tests share: a FIO chain over recorded calls, the device, requests. */
import { vi } from 'vitest';
import type { Device } from '@secux-companion/device';
import type { FioBuiltAction, FioRequest } from '@secux-companion/chain-fio';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { FioChain } from '../chain';
import type { FioDomainAccount } from './model';

export const ACCOUNT0: FioDomainAccount = {
  name: 'FIO 1',
  index: 0,
  path: "m/44'/235'/0'",
  address: 'FIO6payee',
  available: 1_000_000_000_000n,
};
export const ACCOUNT1: FioDomainAccount = {
  name: 'FIO 2',
  index: 1,
  path: "m/44'/235'/1'",
  address: 'FIO7payer',
  available: 500_000_000_000n,
};

export function request(over: Partial<FioRequest> = {}): FioRequest {
  return {
    id: 1,
    type: 'received',
    status: 'requested',
    timeStamp: '2026-11-24T10:00:00.000Z',
    payerHandle: 'payer@secux',
    payeeHandle: 'emulator@secux',
    payerKey: ACCOUNT1.address,
    payeeKey: ACCOUNT0.address,
    content: {
      payeePublicAddress: 'rltc1qpayee',
      amount: '0.5',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      memo: 'dinner',
    },
    accountKey: ACCOUNT1.address,
    accountPath: ACCOUNT1.path,
    ...over,
  };
}

export const BUILT = {
  unsigned: { kind: 'requestFunds', maxFee: 0n, data: {}, txId: 'f1'.repeat(32) },
  signRequest: { path: "m/44'/235'/1'/0/0", sigData: 'abcd', digest: 'D1GE57' },
  fee: 0n,
} as unknown as FioBuiltAction;

/** What a build of `action` gives: BUILT with the action's kind and the names it carries (as the chain data does). */
export function builtFor(action: { kind: string; handle?: string }): FioBuiltAction {
  return {
    ...BUILT,
    unsigned: {
      ...BUILT.unsigned,
      kind: action.kind,
      data: action.handle ? { fio_address: action.handle } : {},
    },
  } as unknown as FioBuiltAction;
}

export function fakeFio(over: { requests?: FioRequest[]; fee?: bigint } = {}) {
  const names = {
    requests: vi.fn(async () => over.requests ?? []),
    fee: vi.fn(async () => over.fee ?? 0n),
    build: vi.fn(
      async (
        _account: { path: string },
        action: { kind: string; handle?: string },
        _tpid?: string,
        _secrets?: unknown,
      ) => builtFor(action),
    ),
    signAndPush: vi.fn(
      async (signer: { signFio(p: string, d: string): Promise<string> }, b: FioBuiltAction) => {
        await signer.signFio(b.signRequest.path, b.signRequest.sigData);
        return 'f10tx';
      },
    ),
  };
  const reader = {
    publicAddress: vi.fn(async (handle: string) => (handle === 'payer@secux' ? ACCOUNT1.address : null)),
    publicAddresses: vi.fn(async () => [
      { chainCode: 'FIO', tokenCode: 'FIO', publicAddress: ACCOUNT0.address },
      { chainCode: 'LTC', tokenCode: 'LTC', publicAddress: 'rltc1qpayee' },
    ]),
  };
  const chain = {
    coin: 'FIO',
    adapter: { names, explorer: { tx: () => undefined } },
    reader,
    unit: { symbol: 'FIO', decimals: 9, digits: 9 },
    local: true,
  } as unknown as FioChain;
  return { chain, names, reader };
}

/** Records the transaction-log posts (POST /api/txlog) of a test; other requests answer 404. */
export function recordTxLogs() {
  const posts: { hash: string; chain: string; context: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (url === '/api/txlog' && init?.method === 'POST') {
        posts.push(JSON.parse(init.body ?? '{}') as (typeof posts)[number]);
        return new Response('{}');
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return posts;
}

/** The connected device: signFio answers (or fails), the shared secret is never asked by these fakes. */
export function fakeDevice(sign: () => Promise<string> = async () => 'SIG_K1_fake') {
  const device = { signFio: vi.fn(sign), getSharedSecret: vi.fn(async () => 'ab'.repeat(64)) };
  runtime.set({ device: device as unknown as Device, emulator: null });
  return device;
}
