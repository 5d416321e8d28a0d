import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDomainResolver,
  domainRecipient,
  looksLikeDomain,
  NameLookupError,
  resolveDomain,
  type DomainLookup,
} from './domainResolve';

const ok = (body: unknown) => Promise.resolve({ ok: true, json: () => Promise.resolve(body) } as Response);
const notFound = () =>
  Promise.resolve({
    ok: false,
    json: () => Promise.resolve({ error: 'can not resolve domain from x' }),
  } as Response);

describe('looksLikeDomain', () => {
  it('accepts names with a dot and a letter label, rejects addresses', () => {
    expect(looksLikeDomain('alice.crypto')).toBe(true);
    expect(looksLikeDomain(' sub.alice.wallet ')).toBe(true);
    expect(looksLikeDomain('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(looksLikeDomain('1.5')).toBe(false);
    expect(looksLikeDomain('alice.')).toBe(false);
    expect(looksLikeDomain('')).toBe(false);
  });
});

describe('resolveDomain', () => {
  it('asks the server with domain and coin', async () => {
    const fetchFn = vi.fn(() => ok({ address: 'bc1qresolved' }));
    await expect(resolveDomain(fetchFn, 'alice.crypto', 'BTC')).resolves.toBe('bc1qresolved');
    expect(fetchFn).toHaveBeenCalledWith('/api/domain/resolve?domain=alice.crypto&coin=BTC', undefined);
  });
  it('fails on 404 or a missing address', async () => {
    await expect(resolveDomain(() => notFound(), 'a.crypto', 'BTC')).rejects.toThrow();
    await expect(resolveDomain(() => ok({}), 'a.crypto', 'BTC')).rejects.toThrow();
  });
  it("says 'Can not get supported tlds' and 'Can not get address' where the server says so (spec 03 §8)", async () => {
    const failed = (reason: string) => () =>
      Promise.resolve({ ok: false, json: () => Promise.resolve({ error: 'x', reason }) } as Response);
    await expect(resolveDomain(failed('tlds_unavailable'), 'a.crypto', 'BTC')).rejects.toMatchObject({
      issue: { code: 'domainTldsUnavailable' },
    });
    await expect(resolveDomain(failed('upstream_error'), 'a.crypto', 'BTC')).rejects.toMatchObject({
      issue: { code: 'domainAddressUnavailable' },
    });
    await expect(
      resolveDomain(() => Promise.reject(new TypeError('Failed to fetch')), 'a.crypto', 'BTC'),
    ).rejects.toMatchObject({ issue: { code: 'domainAddressUnavailable' } });
    await expect(resolveDomain(failed('not_registered'), 'a.crypto', 'BTC')).rejects.not.toBeInstanceOf(
      NameLookupError,
    );
  });
});

describe('createDomainResolver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks up once, 500 ms after the last change', async () => {
    const fetchFn = vi.fn((_url: string) => ok({ address: 'ltc1qresolved' }));
    const seen: DomainLookup[] = [];
    const r = createDomainResolver({ coin: 'LTC', fetchFn, onChange: (l) => seen.push(l) });
    r.update('alice.cr');
    await vi.advanceTimersByTimeAsync(300);
    r.update('alice.crypto');
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]![0]).toBe('/api/domain/resolve?domain=alice.crypto&coin=LTC');
    await vi.runAllTimersAsync();
    expect(seen.at(-1)).toEqual({ state: 'resolved', domain: 'alice.crypto', address: 'ltc1qresolved' });
  });

  it('reports a failure and does not look up plain addresses', async () => {
    const fetchFn = vi.fn(() => notFound());
    const seen: DomainLookup[] = [];
    const r = createDomainResolver({ coin: 'BTC', fetchFn, onChange: (l) => seen.push(l) });
    r.update('bc1qplain');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(seen).toEqual([{ state: 'idle' }]);
    r.update('nobody.crypto');
    await vi.advanceTimersByTimeAsync(500);
    await vi.runAllTimersAsync();
    expect(seen.at(-1)).toEqual({ state: 'failed', domain: 'nobody.crypto', coin: 'BTC' });
  });

  it('a failure with a reason of its own carries its text to the recipient field', async () => {
    const fetchFn = vi.fn(() =>
      Promise.resolve({
        ok: false,
        json: () => Promise.resolve({ error: 'Can not get supported tlds', reason: 'tlds_unavailable' }),
      } as Response),
    );
    const seen: DomainLookup[] = [];
    const r = createDomainResolver({ coin: 'ETH', fetchFn, onChange: (l) => seen.push(l) });
    r.update('brad.crypto');
    await vi.runAllTimersAsync();
    const failed = seen.at(-1)!;
    expect(failed).toEqual({
      state: 'failed',
      domain: 'brad.crypto',
      coin: 'ETH',
      issue: { code: 'domainTldsUnavailable' },
    });
    expect(domainRecipient('brad.crypto', failed)).toMatchObject({
      status: 'invalid',
      issue: { code: 'domainTldsUnavailable' },
    });
  });

  it('drops a stale answer after the entry changed, and stops on dispose', async () => {
    let answer: (v: Response) => void = () => {};
    const fetchFn = vi.fn(() => new Promise<Response>((res) => (answer = res)));
    const seen: DomainLookup[] = [];
    const r = createDomainResolver({ coin: 'BTC', fetchFn, onChange: (l) => seen.push(l) });
    r.update('alice.crypto');
    await vi.advanceTimersByTimeAsync(500);
    r.update('bc1qother');
    answer({ ok: true, json: () => Promise.resolve({ address: 'bc1qlate' }) } as Response);
    await vi.runAllTimersAsync();
    expect(seen.at(-1)).toEqual({ state: 'idle' });
    r.update('bob.crypto');
    r.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});

describe('domainRecipient', () => {
  it('uses the resolved address, waits while pending, reports failures', () => {
    expect(domainRecipient('bc1qabc', { state: 'idle' })).toEqual({ kind: 'address', text: 'bc1qabc' });
    expect(
      domainRecipient('alice.crypto', { state: 'resolved', domain: 'alice.crypto', address: 'bc1qx' }),
    ).toEqual({ kind: 'address', text: 'bc1qx' });
    expect(domainRecipient('alice.crypto', { state: 'pending', domain: 'alice.crypto' })).toMatchObject({
      kind: 'domain',
      status: 'empty',
    });
    expect(
      domainRecipient('alice.crypto', { state: 'resolved', domain: 'bob.crypto', address: 'bc1qx' }),
    ).toMatchObject({ status: 'empty' });
    expect(domainRecipient('alice.crypto', { state: 'failed', domain: 'alice.crypto' })).toMatchObject({
      status: 'invalid',
      issue: { code: 'domainUnresolved', params: { address: 'alice.crypto' } },
    });
  });
});

describe('crypto handles (spec 03 §5)', () => {
  it("a handle's address replaces the entry; an unmapped one says 'Can not resolve domain on {coin}'", async () => {
    vi.useFakeTimers();
    try {
      const seen: DomainLookup[] = [];
      const r = createDomainResolver({
        coin: 'BTC',
        fetchFn: () => ok({ address: null }),
        onChange: (l) => seen.push(l),
      });
      r.update('alice@secux');
      await vi.advanceTimersByTimeAsync(600);
      const failed = seen.at(-1)!;
      expect(failed).toEqual({ state: 'failed', domain: 'alice@secux', coin: 'BTC' });
      expect(domainRecipient('alice@secux', failed)).toMatchObject({
        status: 'invalid',
        issue: { code: 'handleUnresolved', params: { coin: 'BTC' } },
      });
      expect(
        domainRecipient('alice@secux', { state: 'resolved', domain: 'alice@secux', address: 'bc1qx' }),
      ).toEqual({
        kind: 'address',
        text: 'bc1qx',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
