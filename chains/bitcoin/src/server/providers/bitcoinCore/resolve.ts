/**
 * What the node is asked about for one subject: the output descriptors (with checksums) of an account xpub's receive
 * and change chains, or `addr(…)` of one address, the derived addresses with their paths, and the watch-only
 * wallet's name. Kept per account (LRU).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';
import type { UtxoSubject } from '../../backend.js';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import { accountOfKey, descriptorFor, toNodeVersion } from '../../xpub.js';
import type { CoreContext, Resolved } from './context.js';
import { rpc } from './rpc.js';
import { DescInfo, Scan, type ScanResult } from './schemas.js';

type Parts = Pick<Resolved, 'descs' | 'info' | 'order'>;

async function withChecksum(ctx: CoreContext, desc: string, signal: AbortSignal): Promise<string> {
  const d = validate(DescInfo, await rpc(ctx, 'getdescriptorinfo', [desc], signal), 'getdescriptorinfo');
  return `${desc}#${d.checksum}`;
}

async function resolveAddress(ctx: CoreContext, address: string, signal: AbortSignal): Promise<Parts> {
  const v = validate(
    z.object({ isvalid: z.boolean() }),
    await rpc(ctx, 'validateaddress', [address], signal),
    'validateaddress',
  );
  if (!v.isvalid) throw new ProviderError('badRequest', `invalid address for this network: ${address}`);
  return {
    descs: [{ desc: await withChecksum(ctx, `addr(${address})`, signal) }],
    info: new Map([[address, { change: 0 as const, index: 0 }]]),
    order: [address],
  };
}

async function resolveXpub(
  ctx: CoreContext,
  subject: Extract<UtxoSubject, { kind: 'xpub' }>,
  signal: AbortSignal,
): Promise<Parts> {
  const { o, range } = ctx;
  let nodeKey: string;
  try {
    nodeKey = toNodeVersion(subject.xpub, o.network);
  } catch {
    throw new ProviderError('badRequest', 'invalid extended public key');
  }
  const account = accountOfKey(subject.xpub);
  const parts: Parts = { descs: [], info: new Map(), order: [] };
  for (const change of [0, 1] as const) {
    const desc = await withChecksum(ctx, descriptorFor(subject.bip, nodeKey, `/${change}/*`), signal);
    parts.descs.push({ desc, range: [0, range - 1] });
    const addrs = validate(
      z.array(z.string()),
      await rpc(ctx, 'deriveaddresses', [desc, [0, range - 1]], signal),
      'deriveaddresses',
    );
    addrs.forEach((a, index) => {
      parts.info.set(a, {
        path: `m/${subject.bip}'/${o.coinType}'/${account}'/${change}/${index}`,
        change,
        index,
      });
      parts.order.push(a);
    });
  }
  return parts;
}

export async function resolve(
  ctx: CoreContext,
  subject: UtxoSubject,
  signal: AbortSignal,
): Promise<Resolved> {
  const key = subject.kind === 'xpub' ? `${subject.bip}:${subject.xpub}` : `addr:${subject.address}`;
  const hit = ctx.resolved.get(key);
  if (hit) return hit;
  const wallet = `${ctx.o.walletPrefix ?? 'secux-watch-'}${bytesToHex(sha256(new TextEncoder().encode(`${ctx.o.network}:${key}`))).slice(0, 20)}`;
  const parts =
    subject.kind === 'address'
      ? await resolveAddress(ctx, subject.address, signal)
      : await resolveXpub(ctx, subject, signal);
  const r: Resolved = { key, ...parts, wallet };
  ctx.resolved.set(key, r);
  return r;
}

/** Confirmed unspent outputs of the subject's descriptors (`scantxoutset`; one scan at a time on the node). */
export async function scan(ctx: CoreContext, r: Resolved, signal: AbortSignal): Promise<ScanResult> {
  return ctx.scanMutex.run(async () => {
    const objs = r.descs.map((d) => (d.range ? { desc: d.desc, range: d.range } : d.desc));
    const res = validate(Scan, await rpc(ctx, 'scantxoutset', ['start', objs], signal), 'scantxoutset');
    if (!res.success) throw new ProviderError('server', 'scantxoutset did not complete');
    return res;
  });
}

/** Address of a scantxoutset match: from the origin path in its descriptor ([fingerprint/change/index]). */
export function scanAddress(r: Resolved, desc: string): string | undefined {
  if (r.order.length === 1 && r.key.startsWith('addr:')) return r.order[0];
  const m = /\[[0-9a-f]{8}\/(\d+)\/(\d+)\]/i.exec(desc);
  if (!m) return undefined;
  const change = Number(m[1]);
  const index = Number(m[2]);
  for (const [a, i] of r.info) if (i.change === change && i.index === index) return a;
  return undefined;
}
