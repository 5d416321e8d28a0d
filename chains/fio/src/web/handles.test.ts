import { describe, expect, it, vi } from 'vitest';
import { looksLikeDomain } from '@secux-companion/web-kit/send/domainResolve';
import { looksLikeHandle, resolveHandle } from './handles';

const ok = (body: unknown) => Promise.resolve({ ok: true, json: () => Promise.resolve(body) } as Response);

describe('crypto handles (spec 03 §5)', () => {
  it('follow the handle format', () => {
    expect(looksLikeHandle('alice@secux')).toBe(true);
    expect(looksLikeHandle('a-b@c-d')).toBe(true);
    expect(looksLikeHandle('-a@secux')).toBe(false);
    expect(looksLikeHandle('a--b@secux')).toBe(false);
    expect(looksLikeHandle('a@b@c')).toBe(false);
    expect(looksLikeHandle(`${'a'.repeat(40)}@${'b'.repeat(30)}`)).toBe(false);
    expect(looksLikeDomain('alice@secux')).toBe(false);
  });
  it("resolve through FIO's get_pub_address with the coin's chain and token codes", async () => {
    const fetchFn = vi.fn((_url: string) => ok({ address: 'rltc1qmapped' }));
    await expect(resolveHandle(fetchFn, 'alice@secux', 'LTC')).resolves.toBe('rltc1qmapped');
    expect(fetchFn).toHaveBeenCalledWith(
      '/api/chains/FIO/fio/pub-address/alice%40secux?chain=LTC&token=LTC',
      undefined,
    );
    await expect(resolveHandle(() => ok({ address: null }), 'alice@secux', 'LTC')).rejects.toThrow();
  });
});
