import { afterEach, describe, expect, it, vi } from 'vitest';
import { servedFio } from './chain';

const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body)));

describe('the FIO chain as the server describes it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the technology provider id every action carries from GET /api/chains/:chain (issue 31 item 4)', async () => {
    const fetch = answer({ chain: 'FIO', family: 'fio', tpid: 'proxy@secux', source: 'config' });
    vi.stubGlobal('fetch', fetch);
    expect(await servedFio('FIO')).toEqual({ local: false, tpid: 'proxy@secux' });
    expect(fetch).toHaveBeenCalledWith('/api/chains/FIO', expect.anything());
  });

  it('a server that names no TPID, or something that is not a handle, gives none', async () => {
    vi.stubGlobal('fetch', answer({ chain: 'TFIO', source: 'local' }));
    expect(await servedFio('TFIO')).toEqual({ local: true, tpid: '' });
    vi.stubGlobal('fetch', answer({ chain: 'FIO', tpid: '<b>not a handle</b>' }));
    expect((await servedFio('FIO')).tpid).toBe('');
  });
});
