/** Generic EVM chains (`EVM-<chainId>`) from a chain-registry snapshot's public RPCs. */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isPrivateHost } from '@secux-companion/server-kit/env';
import type { FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { EVM_CHAIN_SNAPSHOT_FILE } from '../evmChains/registry.js';
import type { EvmFacade } from '../facade.js';
import { evmChain } from './chain.js';
import { withExtraRpcs } from './extraRpcs.js';
import { globalEnv } from './env.js';

/**
 * Public RPC hosts known to be gone that chain lists still carry (mainnet-behaviour.md §3.1): cloudflare-eth.com answers
 * every call with -32046 "Cannot fulfill request", eth.public-rpc.com ended public access.
 */
export const DEAD_RPC_HOSTS: ReadonlySet<string> = new Set(['cloudflare-eth.com', 'eth.public-rpc.com']);

/** Public https RPCs of a chain-registry entry (no ${KEY} templates, no private or dead hosts, no websockets). */
export function registryRpcs(entry: { rpc?: unknown }): string[] {
  const rpcs = Array.isArray(entry.rpc) ? entry.rpc.filter((x): x is string => typeof x === 'string') : [];
  return rpcs.filter((u) => {
    if (u.includes('${')) return false;
    try {
      const url = new URL(u);
      return (
        url.protocol === 'https:' &&
        !url.username &&
        !url.password &&
        !isPrivateHost(url.hostname) &&
        !DEAD_RPC_HOSTS.has(url.hostname.toLowerCase())
      );
    } catch {
      return false;
    }
  });
}

const RegistryEntry = z.object({
  chainId: z.number().int().positive(),
  name: z.string(),
  rpc: z.array(z.unknown()),
  nativeCurrency: z.object({ symbol: z.string(), decimals: z.number() }).optional(),
  status: z.string().optional(),
});

/** `EVM-<chainId>` → a facade over the snapshot's public RPCs (read once, built once per chain id). */
export function evmResolver(ctx: FamilyContext): (chain: string) => ServedChain<EvmFacade> | undefined {
  const g = globalEnv(ctx.env);
  let snapshot: Map<number, z.infer<typeof RegistryEntry>> | undefined;
  const built = new Map<number, ServedChain<EvmFacade>>();
  const entry = (chainId: number) => {
    // The shipped chain-registry snapshot unless CHAIN_REGISTRY_FILE names another.
    if (!snapshot) {
      snapshot = new Map();
      try {
        const file = g.CHAIN_REGISTRY_FILE ?? EVM_CHAIN_SNAPSHOT_FILE;
        const data = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as unknown;
        if (Array.isArray(data))
          for (const e of data) {
            const p = RegistryEntry.safeParse(e);
            if (p.success && p.data.status !== 'deprecated') snapshot.set(p.data.chainId, p.data);
          }
      } catch {
        /* unreadable snapshot: no generic chains */
      }
    }
    return snapshot.get(chainId);
  };
  return (chain) => {
    const m = /^EVM-(\d{1,10})$/.exec(chain);
    if (!m) return undefined;
    const chainId = Number(m[1]);
    let hit = built.get(chainId);
    if (!hit) {
      const e = entry(chainId);
      const rpcs = withExtraRpcs(ctx, e ? registryRpcs(e).slice(0, 8) : [], chain, chainId);
      hit = evmChain(ctx, g, chain, chainId, rpcs, {}, { source: 'registry' }) ?? undefined;
      if (!hit) return undefined;
      built.set(chainId, hit);
    }
    return hit;
  };
}
