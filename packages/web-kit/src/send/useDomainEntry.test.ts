import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { domainRecipient } from './domainResolve';
import { useDomainEntry } from './useDomainEntry';

const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status === 200, json: () => Promise.resolve(body) } as Response);

function setup(fetchFn: (url: string) => Promise<Response>) {
  return renderHook(() => {
    const [text, setText] = useState('');
    const entry = useDomainEntry('BTC', text, setText, { fetchFn, delayMs: 10 });
    return { text, setText, ...entry };
  });
}

describe('recipient domains in the send form', () => {
  it('the resolved address replaces the entry and the form knows the domain it came from', async () => {
    const fetchFn = vi.fn((_url: string) => answer(200, { address: 'bc1qresolvedaddress' }));
    const { result } = setup(fetchFn);
    act(() => result.current.setText('alice.crypto'));
    expect(result.current.resolving).toBe(true);
    await waitFor(() => expect(result.current.text).toBe('bc1qresolvedaddress'));
    expect(result.current.resolvedFrom).toBe('alice.crypto');
    expect(result.current.resolving).toBe(false);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/domain/resolve?domain=alice.crypto&coin=BTC');
    // editing the address drops the note
    act(() => result.current.setText('bc1qother'));
    expect(result.current.resolvedFrom).toBeNull();
  });

  it("a domain that does not resolve stays in the entry with 'can not resolve domain from …'", async () => {
    const { result } = setup(() => answer(404, { error: 'not found' }));
    act(() => result.current.setText('nobody.crypto'));
    await waitFor(() => expect(result.current.lookup.state).toBe('failed'));
    expect(result.current.text).toBe('nobody.crypto');
    expect(domainRecipient(result.current.text, result.current.lookup)).toMatchObject({
      kind: 'domain',
      issue: { code: 'domainUnresolved', params: { address: 'nobody.crypto' } },
    });
  });
  it("a crypto handle resolves through FIO's get_pub_address for the coin and replaces the entry ('Resolved from …')", async () => {
    const fetchFn = vi.fn((_url: string) => answer(200, { address: 'bc1qmappedbyhandle' }));
    const { result } = setup(fetchFn);
    act(() => result.current.setText('alice@secux'));
    expect(result.current.resolving).toBe(true);
    await waitFor(() => expect(result.current.text).toBe('bc1qmappedbyhandle'));
    expect(result.current.resolvedFrom).toBe('alice@secux');
    expect(fetchFn.mock.calls[0]?.[0]).toBe(
      '/api/chains/FIO/fio/pub-address/alice%40secux?chain=BTC&token=BTC',
    );
  });

  it("a handle that maps no address for the coin says 'Can not resolve domain on {coin}'", async () => {
    const { result } = setup(() => answer(200, { address: null }));
    act(() => result.current.setText('bob@secux'));
    await waitFor(() => expect(result.current.lookup.state).toBe('failed'));
    expect(result.current.text).toBe('bob@secux');
    expect(domainRecipient(result.current.text, result.current.lookup)).toMatchObject({
      status: 'invalid',
      issue: { code: 'handleUnresolved', params: { coin: 'BTC' } },
    });
  });
});
