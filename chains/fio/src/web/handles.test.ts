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
  it("says 'Can not get address' when the FIO nodes cannot be asked, not that the handle maps nothing", async () => {
    const down = () =>
      Promise.resolve({
        ok: false,
        status: 502,
        json: () => Promise.resolve({ code: 'upstream_failed' }),
      } as Response);
    await expect(resolveHandle(down, 'alice@secux', 'LTC')).rejects.toMatchObject({
      issue: { code: 'domainAddressUnavailable' },
    });
    await expect(
      resolveHandle(() => Promise.reject(new TypeError('Failed to fetch')), 'alice@secux', 'LTC'),
    ).rejects.toMatchObject({ issue: { code: 'domainAddressUnavailable' } });
    const unmapped = () =>
      Promise.resolve({ ok: false, status: 404, json: () => Promise.resolve({}) } as Response);
    await expect(resolveHandle(unmapped, 'alice@secux', 'LTC')).rejects.not.toHaveProperty('issue');
  });
});
