import { describe, expect, it } from 'vitest';
import {
  isForwardableRpc,
  isForwardableRpcResolved,
  isNonPublicHost,
  normalizeRpcUrl,
  prepareAllowList,
} from './rpcGuard.js';

/** What a client could name: each is put on the allow list to show the host check alone refuses it. */
const PRIVATE_URLS = [
  'http://127.0.0.1:8545',
  'http://localhost:8545',
  'http://LOCALHOST.:8545',
  'http://foo.localhost/',
  'http://node.local/',
  'http://metadata.google.internal/',
  'http://router.home.arpa/',
  'http://intranet/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/',
  'http://0.0.0.0:8545',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  // IPv4 spelled as decimal, hex, octal and short forms
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://127.1/',
  'http://3232235777/',
  'http://0xa9fea9fe/',
  // IPv6
  'http://[::1]:8545',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:8.8.8.8]/',
  'http://[::127.0.0.1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:c0a8:101::1]/',
  'http://[2001:db8::1]/',
];

describe('RPC proxy guard', () => {
  it.each(PRIVATE_URLS)('refuses a non-public host even when listed: %s', (url) => {
    expect(isForwardableRpc(url, [url])).toBe(false);
  });

  it('allows a listed public https RPC (any spelling that normalises to it)', () => {
    const allowed = ['https://polygon-rpc.com/', 'https://mainnet.base.org'];
    expect(isForwardableRpc('https://polygon-rpc.com', allowed)).toBe(true);
    expect(isForwardableRpc('https://POLYGON-RPC.com:443/', allowed)).toBe(true);
    expect(isForwardableRpc('https://mainnet.base.org/#x', allowed)).toBe(true);
    expect(isForwardableRpc('https://[2606:4700::1111]/', ['https://[2606:4700::1111]'])).toBe(true);
    expect(isForwardableRpc('http://8.8.8.8:8545', ['http://8.8.8.8:8545'])).toBe(true);
  });

  it('refuses anything not on the list', () => {
    const allowed = ['https://polygon-rpc.com'];
    expect(isForwardableRpc('https://evil.example.com', allowed)).toBe(false);
    expect(isForwardableRpc('https://polygon-rpc.com/other', allowed)).toBe(false);
    expect(isForwardableRpc('https://polygon-rpc.com:8443', allowed)).toBe(false);
    expect(isForwardableRpc('https://polygon-rpc.com.evil.io', allowed)).toBe(false);
    expect(isForwardableRpc('https://user:pw@polygon-rpc.com', allowed)).toBe(false);
    expect(isForwardableRpc('wss://polygon-rpc.com', allowed)).toBe(false);
    expect(isForwardableRpc('file:///etc/passwd', allowed)).toBe(false);
    expect(isForwardableRpc('not a url', allowed)).toBe(false);
    expect(isForwardableRpc('', allowed)).toBe(false);
  });

  it("the server's own configuration may be loopback (the localnet node); the snapshot may not", () => {
    const list = prepareAllowList({ public: ['http://127.0.0.1:9999'], own: ['http://127.0.0.1:8545'] });
    expect(isForwardableRpc('http://127.0.0.1:8545/', list)).toBe(true);
    expect(isForwardableRpc('http://127.0.0.1:9999', list)).toBe(false);
    expect(isForwardableRpc('http://2130706433:8545', list)).toBe(true); // the same configured node, spelled otherwise
    expect(isForwardableRpc('http://127.0.0.1:8546', list)).toBe(false);
  });

  it('normalises URLs', () => {
    expect(normalizeRpcUrl('https://Example.COM:443/rpc/')).toBe('https://example.com/rpc');
    expect(normalizeRpcUrl('http://example.com./')).toBe('http://example.com');
    expect(normalizeRpcUrl('http://0x7f000001:80')).toBe('http://127.0.0.1');
    expect(normalizeRpcUrl('ftp://example.com')).toBeNull();
    expect(normalizeRpcUrl('https://a:b@example.com')).toBeNull();
  });

  it('host classification', () => {
    expect(isNonPublicHost('8.8.8.8')).toBe(false);
    expect(isNonPublicHost('rpc.ankr.com')).toBe(false);
    expect(isNonPublicHost('[2606:4700::1111]')).toBe(false);
    expect(isNonPublicHost('[::1]')).toBe(true);
    expect(isNonPublicHost('172.15.0.1')).toBe(false);
    expect(isNonPublicHost('172.32.0.1')).toBe(false);
    expect(isNonPublicHost('')).toBe(true);
  });

  it('DNS check: a public name resolving to a private address is refused; unresolvable fails closed', async () => {
    const allowed = [
      'https://rpc.example.org',
      'https://rebind.example.org',
      'https://gone.example.org',
      'https://1.1.1.1',
    ];
    const lookup = async (host: string) => {
      if (host === 'rpc.example.org')
        return [{ address: '93.184.216.34' }, { address: '2606:2800:220:1::1' }];
      if (host === 'rebind.example.org') return [{ address: '93.184.216.34' }, { address: '127.0.0.1' }];
      throw new Error('ENOTFOUND');
    };
    expect(await isForwardableRpcResolved('https://rpc.example.org', allowed, lookup)).toBe(true);
    expect(await isForwardableRpcResolved('https://rebind.example.org', allowed, lookup)).toBe(false);
    expect(await isForwardableRpcResolved('https://gone.example.org', allowed, lookup)).toBe(false);
    expect(await isForwardableRpcResolved('https://1.1.1.1', allowed, lookup)).toBe(true);
    expect(await isForwardableRpcResolved('https://unlisted.example.org', allowed, lookup)).toBe(false);
    expect(
      await isForwardableRpcResolved(
        'http://127.0.0.1:8545',
        { public: [], own: ['http://127.0.0.1:8545'] },
        lookup,
      ),
    ).toBe(true);
  });
});
