/**
 * Solana's public RPC limits each method on its own (40 per 10 s; mainnet-behaviour.md §7) and answers 429 "Too many
 * requests for a specific RPC call" — getTokenAccountsByOwner often even alone. Such an answer pauses that call on
 * that node only: the token lookups go to the other node for the pause, while the node keeps serving its other
 * calls (the balance, the blockhash, the send).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSolanaRpc } from './providers/jsonRpc.js';
import { SolanaFacade } from './facade.js';
import type { SolanaProvider } from './backend.js';

const ME = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
const SIG = '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv';
const BH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
const ctx = (value: unknown) => ({ context: { slot: 2792 }, value });

const calls: { node: number; method: string }[] = [];
const servers: Server[] = [];
/** A limiting node answers getTokenAccountsByOwner with the public RPC's per-method 429 (Retry-After 10 s). */
const limited = true;

function answer(method: string): unknown {
  switch (method) {
    case 'getBalance':
      return ctx(5_000);
    case 'getSignaturesForAddress':
      return [];
    case 'getTokenAccountsByOwner':
      return ctx([]);
    case 'getLatestBlockhash':
      return ctx({ blockhash: BH, lastValidBlockHeight: 300 });
    case 'getBlockHeight':
      return 150;
    case 'sendTransaction':
      return SIG;
    default:
      return null;
  }
}

async function node(i: number, limits = i === 0): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { method } = JSON.parse(body) as { method: string };
      calls.push({ node: i, method });
      res.setHeader('content-type', 'application/json');
      if (limits && limited && method === 'getTokenAccountsByOwner') {
        res.writeHead(429, { 'retry-after': '10' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: {
              code: 429,
              message:
                'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.',
            },
            id: 1,
          }),
        );
        return;
      }
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: answer(method) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let facade: SolanaFacade;
beforeAll(async () => {
  const urls = [await node(0), await node(1)];
  const providers: SolanaProvider[] = urls.map((url, i) =>
    createSolanaRpc({ name: `solana#${i + 1}`, url, fetch, timeoutMs: 5_000 }),
  );
  // Node 0 always first (the facade's random pick made fixed), so every call would start there.
  facade = new SolanaFacade({ chain: 'SOL', providers, balanceProviders: providers, random: () => 0 });
});
afterAll(() => {
  for (const s of servers) s.close();
});
beforeEach(() => {
  calls.length = 0;
});

const asked = (nodeIndex: number, method: string) =>
  calls.filter((c) => c.node === nodeIndex && c.method === method).length;

describe('Solana: a 429 of one method pauses only that method on that node', () => {
  it('token lookups go to the other node; the balance, the blockhash and the send stay on the first', async () => {
    const first = await facade.account(ME, {});
    expect(first.balance).toBe('5000');
    expect(first.provider).toBe('solana#1');
    expect(asked(0, 'getTokenAccountsByOwner')).toBeGreaterThan(0);
    expect(asked(1, 'getTokenAccountsByOwner')).toBeGreaterThan(0);

    // During the pause node 0 is not asked for token accounts again, but still serves the balance.
    calls.length = 0;
    const again = await facade.account(ME, {});
    expect(again.provider).toBe('solana#1');
    expect(asked(0, 'getTokenAccountsByOwner')).toBe(0);
    expect(asked(1, 'getTokenAccountsByOwner')).toBe(2);
    expect(asked(0, 'getBalance')).toBe(1);

    // The send and the blockhash are not skipped because of the other method's 429.
    const bh = await facade.blockhash();
    expect(bh).toMatchObject({ blockhash: BH, provider: 'solana#1' });
    const sent = await facade.broadcast(Buffer.from('signed transaction').toString('base64'));
    expect(sent).toEqual({ hash: SIG, provider: 'solana#1' });
    expect(asked(0, 'sendTransaction')).toBe(1);
    expect(asked(1, 'sendTransaction')).toBe(0);
  });

  it('every node paused for the call: 429 with the pause left, not a failure', async () => {
    // A lone node that limits its token lookups: the call answers 429 with the pause left, asks it no more.
    const providers: SolanaProvider[] = [
      createSolanaRpc({ name: 'solana#1', url: await node(2, true), fetch, timeoutMs: 5_000 }),
    ];
    const lone = new SolanaFacade({ chain: 'SOL', providers, balanceProviders: providers });
    await expect(lone.account(ME, {})).rejects.toMatchObject({ statusCode: 429 });
    calls.length = 0;
    const e = (await lone.account(ME, {}).catch((x: unknown) => x)) as {
      statusCode: number;
      extra: { retryAfter?: number };
    };
    expect(e.statusCode).toBe(429);
    expect(e.extra.retryAfter).toBeGreaterThan(0);
    expect(asked(2, 'getTokenAccountsByOwner')).toBe(0);
    // Its other calls are served meanwhile.
    expect((await lone.blockhash()).provider).toBe('solana#1');
  });
});
