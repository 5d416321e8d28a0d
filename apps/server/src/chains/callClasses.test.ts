/**
 * Timeouts per call class (issue 29, mainnet-behaviour.md §0 and §11 row 1): a cheap read must start answering
 * within the connect timeout, a history page and a submit need not (Horizon's synchronous submit answers only after
 * the ledger closes), each class has its own call timeout, a chain's own timeout replaces them, and a submit runs
 * within the submit budget even when the request's own budget is shorter. Small injected timeouts only. The facade
 * that makes a call states its class (failover does not read it from the call's name): each family's
 * callClasses.test.ts asserts the class of every call its facade makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChainApiError,
  failover,
  httpRequest,
  withBreaker,
  withBudget,
  type CallClass,
  type FailoverPolicy,
  type Provider,
} from '@secux-companion/server-kit/failover';
import { startServer, type TestServer } from '@secux-companion/server-kit/testing/servers';

let slow: TestServer;
beforeAll(async () => {
  // Every answer starts after 400 ms: a ledger close, a big xpub, an explorer's heavy query.
  slow = await startServer(() => ({ delayMs: 400, body: { ok: true } }));
});
afterAll(() => slow.close());

const provider = (name = 'p#1'): Provider => withBreaker({ name, timeoutMs: 60_000 });

/** The class the facades give the calls named so here. */
const CLASS_OF: Record<string, CallClass> = { balance: 'read', history: 'history', broadcast: 'submit' };

/** One call (named as the facades name it, with the class they give it) to the slow upstream. */
function call(what: string, policy: FailoverPolicy, p = provider()) {
  return failover('TEST', what, [p], (_p, signal) => httpRequest(fetch, slow.url, { signal }), {
    policy,
    callClass: CLASS_OF[what]!,
  });
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof ChainApiError ? `${e.statusCode} ${e.code}` : String(e)),
  );

describe('timeouts per call class', () => {
  it('a call its facade does not classify is a read, whatever its name', async () => {
    const policy: FailoverPolicy = { timeouts: { read: 150, history: 5_000, submit: 5_000 } };
    for (const what of ['broadcast', 'history', 'balance'])
      expect(
        await outcome(
          failover('TEST', what, [provider()], (_p, s) => httpRequest(fetch, slow.url, { signal: s }), {
            policy,
          }),
        ),
        what,
      ).toBe('503 upstream_unavailable');
  });

  it('only a read must start answering within the connect timeout; history and submit may take longer', async () => {
    const policy: FailoverPolicy = {
      connectTimeoutMs: 100,
      timeouts: { read: 5_000, history: 5_000, submit: 5_000 },
    };
    expect(await outcome(call('balance', policy))).toBe('503 upstream_unavailable');
    expect(await outcome(call('history', policy))).toBe('answered');
    expect(await outcome(call('broadcast', policy))).toBe('answered');
  });

  it('a history call must start answering in time while another provider can take over; the last one may not', async () => {
    const fast = await startServer(() => ({ body: { ok: true } }));
    try {
      const policy: FailoverPolicy = {
        connectTimeoutMs: 100,
        timeouts: { read: 5_000, history: 5_000, submit: 5_000 },
      };
      const urls = new Map<Provider, string>();
      const slowFirst = provider('slow#1');
      const fastSecond = provider('fast#2');
      urls.set(slowFirst, slow.url).set(fastSecond, fast.url);
      const run = (what: string, list: Provider[]) =>
        failover('TEST', what, list, (p, s) => httpRequest(fetch, urls.get(p)!, { signal: s }), {
          policy,
          callClass: CLASS_OF[what]!,
        });
      // a hung or slow first provider costs the connect timeout, then the next one answers
      expect((await run('history', [slowFirst, fastSecond])).provider).toBe('fast#2');
      // alone (or last), a slow history answer is waited for
      expect(
        (
          await run(
            'history',
            [provider('slow#9')].map((p) => (urls.set(p, slow.url), p)),
          )
        ).provider,
      ).toBe('slow#9');
      // a submit is never cut off by the rule, even with another provider after it
      const slowSubmit = provider('slow#3');
      urls.set(slowSubmit, slow.url);
      expect((await run('broadcast', [slowSubmit, fastSecond])).provider).toBe('slow#3');
    } finally {
      await fast.close();
    }
  });

  it('a provider whose answer was slow goes behind the others for a while (CHAIN_SLOW_ANSWER_MS)', async () => {
    const fast = await startServer(() => ({ body: { ok: true } }));
    try {
      const run = async (policy: FailoverPolicy) => {
        const urls = new Map<Provider, string>();
        const list = [provider('slow#1'), provider('fast#2')];
        urls.set(list[0]!, slow.url).set(list[1]!, fast.url);
        const served = [];
        for (let i = 0; i < 3; i++)
          served.push(
            (
              await failover(
                'TEST',
                'balance',
                list,
                (p, s) => httpRequest(fetch, urls.get(p)!, { signal: s }),
                { policy },
              )
            ).provider,
          );
        return served;
      };
      const timeouts = { read: 5_000, history: 5_000, submit: 5_000 };
      expect(await run({ timeouts, slowMs: 200 })).toEqual(['slow#1', 'fast#2', 'fast#2']);
      expect(await run({ timeouts })).toEqual(['slow#1', 'slow#1', 'slow#1']);
    } finally {
      await fast.close();
    }
  });

  it('each class has its own call timeout', async () => {
    const short = 150;
    const long = 5_000;
    expect(
      await Promise.all([
        outcome(call('balance', { timeouts: { read: short, history: long, submit: long } })),
        outcome(call('history', { timeouts: { read: long, history: short, submit: long } })),
        outcome(call('broadcast', { timeouts: { read: long, history: long, submit: short } })),
        outcome(call('balance', { timeouts: { read: long, history: short, submit: short } })),
        outcome(call('history', { timeouts: { read: short, history: long, submit: short } })),
        outcome(call('broadcast', { timeouts: { read: short, history: short, submit: long } })),
      ]),
    ).toEqual([
      '503 upstream_unavailable',
      '503 upstream_unavailable',
      '503 upstream_unavailable',
      'answered',
      'answered',
      'answered',
    ]);
  });

  it("a facade's own class wins over the call's name (an xpub balance is a scan)", async () => {
    const policy: FailoverPolicy = { timeouts: { read: 150, history: 5_000, submit: 150 } };
    const r = failover(
      'TEST',
      'balance',
      [provider()],
      (_p, s) => httpRequest(fetch, slow.url, { signal: s }),
      {
        policy,
        callClass: 'history',
      },
    );
    expect(await outcome(r)).toBe('answered');
  });

  it("a chain's own timeout (CHAIN_<SYM>_TIMEOUT_MS) replaces every class's", async () => {
    const policy: FailoverPolicy = { timeouts: { read: 150, history: 150, submit: 150 } };
    const own = () => withBreaker({ name: 'own#1', timeoutMs: 60_000 }, undefined, 5_000);
    expect(await outcome(call('balance', policy, own()))).toBe('answered');
    expect(await outcome(call('broadcast', policy, own()))).toBe('answered');
  });

  it("a submit runs within the submit budget, past the request's budget; a read does not", async () => {
    const policy: FailoverPolicy = {
      timeouts: { read: 5_000, history: 5_000, submit: 5_000 },
      submitBudgetMs: 5_000,
    };
    const submit = await outcome(withBudget(150, () => call('broadcast', policy)));
    const read = await outcome(withBudget(150, () => call('balance', policy)));
    expect({ submit, read }).toEqual({ submit: 'answered', read: '503 upstream_unavailable' });
  });
});
