import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVM_CHAIN_ICON_DIR, LOGO_MAX_BYTES, createLogoSource, rasterCids, rasterType } from './logos.js';

const PNG = fs.readFileSync(path.join(EVM_CHAIN_ICON_DIR, 'localnet.png'));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const CID_PNG = 'QmPngPngPngPngPngPngPngPngPngPngPngPngPngPngPn';
const CID_SVG = 'QmSvgSvgSvgSvgSvgSvgSvgSvgSvgSvgSvgSvgSvgSvgSv';
const BASE = 'https://registry.example';

/** A registry host: `routes` maps a path to a body; every request is recorded. */
function host(routes: Record<string, Buffer | string>) {
  const asked: string[] = [];
  const fetchFn = (async (url: string | URL) => {
    const u = String(url);
    asked.push(u);
    const body = routes[u.slice(BASE.length)];
    if (body === undefined) return new Response('not found', { status: 404 });
    return new Response(typeof body === 'string' ? body : new Uint8Array(body), { status: 200 });
  }) as typeof fetch;
  return { fetchFn, asked };
}

const index = (...variants: { cid: string; format: string }[]) =>
  JSON.stringify(variants.map((v) => ({ url: `ipfs://${v.cid}`, width: 64, height: 64, format: v.format })));

describe('chain logos: raster only, size-capped, from the shipped folder or the registry host', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, and nothing else (SVG, HTML, a PNG name on text)', () => {
    expect(rasterType(PNG)).toBe('image/png');
    expect(rasterType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(rasterType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(rasterType(SVG)).toBeNull();
    expect(rasterType(Buffer.from('<html>'))).toBeNull();
    expect(rasterType(PNG.subarray(0, 4))).toBeNull();
  });

  it("an icon index's raster variants only: svg and non-ipfs entries are left out", () => {
    const list = JSON.parse(
      index(
        { cid: CID_SVG, format: 'svg' },
        { cid: CID_PNG, format: 'png' },
        { cid: 'short', format: 'png' },
      ),
    ) as unknown[];
    list.push({ url: 'https://elsewhere.example/x.png', format: 'png' });
    expect(rasterCids(list)).toEqual([CID_PNG]);
    expect(rasterCids({ url: 'ipfs://x' })).toEqual([]);
  });

  it('serves a shipped icon without asking any host', async () => {
    const { fetchFn, asked } = host({});
    const logo = await createLogoSource({ base: BASE, fetchFn }).logo('localnet');
    expect(logo?.type).toBe('image/png');
    expect(logo?.bytes.equals(PNG)).toBe(true);
    expect(asked).toEqual([]);
  });

  it("fetches a registry icon's PNG variant through the host, once (cached)", async () => {
    const { fetchFn, asked } = host({
      '/icons/polygon.json': index({ cid: CID_SVG, format: 'svg' }, { cid: CID_PNG, format: 'png' }),
      [`/iconsDownload/${CID_PNG}`]: PNG,
    });
    const source = createLogoSource({ base: BASE, fetchFn, iconDir: os.tmpdir() });
    expect((await source.logo('polygon'))?.type).toBe('image/png');
    expect((await source.logo('polygon'))?.bytes.equals(PNG)).toBe(true);
    expect(asked).toEqual([`${BASE}/icons/polygon.json`, `${BASE}/iconsDownload/${CID_PNG}`]);
  });

  it('refuses an SVG-only icon, a "png" that is not one, an oversized image and an unsafe icon name', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const { fetchFn, asked } = host({
      '/icons/svgonly.json': index({ cid: CID_SVG, format: 'svg' }),
      [`/iconsDownload/${CID_SVG}`]: SVG,
      '/icons/liar.json': index({ cid: CID_SVG, format: 'png' }),
      '/icons/huge.json': index({ cid: CID_PNG, format: 'png' }),
      [`/iconsDownload/${CID_PNG}`]: big,
    });
    const source = createLogoSource({ base: BASE, fetchFn, iconDir: os.tmpdir() });
    expect(await source.logo('svgonly')).toBeNull();
    expect(await source.logo('liar')).toBeNull();
    expect(await source.logo('huge')).toBeNull();
    expect(await source.logo('../../etc/passwd')).toBeNull();
    expect(asked.some((u) => u.includes('passwd'))).toBe(false);
  });

  it('without a registry host (local profile) an icon not shipped has no logo and nothing is fetched', async () => {
    const { fetchFn, asked } = host({});
    expect(await createLogoSource({ base: '', fetchFn }).logo('polygon')).toBeNull();
    expect(asked).toEqual([]);
  });
});
