/**
 * The server against a mainnet provider's stand-in with the provider's own rate limit (localnet/src/mainnet): its
 * token bucket keeps it under the provider's limit (the provider never has to refuse it), and without a bucket the
 * provider's refusal (rippled's 503 `Server is overloaded`, Clio's `slowDown`) is recognised and its pause honoured:
 * the next server answers and the limited one is not asked again during the pause.
 */
import { rippledBehaviour, startStandIn, type StandIn } from '@secux-companion/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from './registry.js';
import { startServer, type TestServer } from '@secux-companion/server-kit/testing/servers';

let upstream: TestServer;
const standIns: StandIn[] = [];
beforeAll(async () => {
  // The local "ledger" behind the stand-ins: answers rippled's `fee`.
  upstream = await startServer(() => ({
    body: {
      result: {
        drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '15' },
        ledger_current_index: 1000,
        status: 'success',
      },
    },
  }));
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await upstream.close();
});

async function pair(limitAnswer: 'overloaded' | 'slowDown') {
  const limited = await startStandIn({
    upstream: upstream.url,
    behaviour: rippledBehaviour({ name: 'public', limit: { max: 5, windowMs: 60_000 }, limitAnswer }),
  });
  const other = await startStandIn({
    upstream: upstream.url,
    behaviour: rippledBehaviour({ name: 'other' }),
  });
  standIns.push(limited, other);
  return { limited, other };
}

async function fees(env: Record<string, string>, n: number) {
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_RATE_WAIT_MS: '0', ...env },
  });
  const xrp = registry.get('XRP') as unknown as { fees(): Promise<{ provider?: string }> };
  const served: string[] = [];
  for (let i = 0; i < n; i++) served.push((await xrp.fees()).provider ?? '?');
  return served;
}

describe('rippled stand-in with its rate limit (5 a minute)', () => {
  it('with CHAIN_XRP_RATE at the limit the server never goes over it: the next server takes the rest', async () => {
    const { limited, other } = await pair('overloaded');
    const served = await fees(
      { CHAIN_XRP_RIPPLED: `${limited.url},${other.url}`, CHAIN_XRP_RATE: '5/60' },
      8,
    );
    expect(served).toEqual([...Array<string>(5).fill('rippled#1'), ...Array<string>(3).fill('rippled#2')]);
    // five requests, none refused: the sixth was never sent
    expect(limited.requests).toHaveLength(5);
    expect(other.requests).toHaveLength(3);
  });

  it.each(['overloaded', 'slowDown'] as const)(
    'without a bucket its refusal (%s) is a rate limit: the next server answers, the limited one is left alone',
    async (answer) => {
      const { limited, other } = await pair(answer);
      const served = await fees({ CHAIN_XRP_RIPPLED: `${limited.url},${other.url}`, CHAIN_XRP_RATE: '0' }, 9);
      expect(served).toEqual([...Array<string>(5).fill('rippled#1'), ...Array<string>(4).fill('rippled#2')]);
      // the one refused request, then nothing during rippled's pause
      expect(limited.requests).toHaveLength(6);
      expect(other.requests).toHaveLength(4);
    },
  );
});
