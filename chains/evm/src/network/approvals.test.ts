import { describe, expect, it } from 'vitest';
import { createEvmProductApiBackend, parseApprovals } from './productApi';

const C = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const S = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const token = { name: 'Local USD', symbol: 'LUSD', decimals: 6 };
const erc20 = {
  kind: 'ERC20',
  contract: C,
  spender: S,
  allowance: '250000000',
  totalSupply: '1000000000000',
  token,
};

describe("the server's approvals answer", () => {
  it('read into bigints, NFT approvals without an amount', () => {
    const r = parseApprovals({
      approvals: [
        erc20,
        { kind: 'ERC721', contract: C, spender: S, spenderName: 'Seaport', token: { ...token, decimals: 0 } },
      ],
      fromBlock: 0,
      truncated: true,
    });
    expect(r.truncated).toBe(true);
    expect(r.approvals[0]).toMatchObject({ allowance: 250_000_000n, totalSupply: 10n ** 12n });
    expect(r.approvals[1]).toEqual({
      kind: 'ERC721',
      contract: C,
      spender: S,
      spenderName: 'Seaport',
      token: { ...token, decimals: 0 },
    });
  });

  it('refused when it cannot be true: a zero or negative allowance, beyond uint256, bad addresses or kinds, huge names', () => {
    for (const bad of [
      { ...erc20, allowance: '0' },
      { ...erc20, allowance: '-5' },
      { ...erc20, allowance: (2n ** 256n).toString() },
      { ...erc20, allowance: undefined },
      { ...erc20, spender: '0x1234' },
      { ...erc20, kind: 'ERC777' },
      { ...erc20, token: { ...token, decimals: 300 } },
      { ...erc20, token: { ...token, name: 'x'.repeat(65) } },
      { ...erc20, spenderName: 42 },
    ])
      expect(() => parseApprovals({ approvals: [bad] })).toThrow(/malformed/);
    expect(() => parseApprovals({ approvals: Array.from({ length: 201 }, () => erc20) })).toThrow(/too many/);
  });

  it('a 404 (no log source on the server) is "unavailable", not an error; a 502 is an error', async () => {
    const answering = (status: number) =>
      createEvmProductApiBackend({
        chain: 'BSC',
        fetch: async () =>
          new Response(JSON.stringify({ error: 'not_configured' }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
      });
    await expect(answering(404).getApprovals!(S)).resolves.toEqual({
      approvals: [],
      truncated: false,
      fromBlock: 0,
      unavailable: true,
    });
    await expect(answering(502).getApprovals!(S)).rejects.toThrow();
  });

  it('asks GET /chains/:chain/approvals/:address', async () => {
    const urls: string[] = [];
    const api = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: async (url: string | URL | Request) => {
        urls.push(String(url));
        return new Response(JSON.stringify({ approvals: [erc20], fromBlock: 0, truncated: false }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const r = await api.getApprovals!(S);
    expect(urls).toEqual([`/api/chains/ETH/approvals/${S}`]);
    expect(r.approvals).toHaveLength(1);
  });
});
