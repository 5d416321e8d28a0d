/**
 * EVM chain registry endpoints (the lead wires `registerEvmChainRoutes(api, deps)` into src/app.ts under
 * the /api prefix):
 *
 *   GET /api/evm/chains     → { chains: AddableChain[], unsupported: [{chainId, name}], source, snapshotChains }
 *   GET /api/evm/blacklist  → { chainIds: number[], rpcs: string[] }
 *   GET /api/evm/chains/:chainId/logo → the chain's logo (PNG, JPEG or WebP; 404 when it has none), see ./logos.ts
 *
 * See ./README.md for the shapes and the filtering rules.
 */
import type { FastifyInstance } from 'fastify';
import {
  addableChains,
  loadBlacklists,
  loadSnapshot,
  localChain,
  usableRpcs,
  type AddableChain,
  type Blacklists,
  type RegistryChain,
} from './registry.js';
import { prepareAllowList, type PreparedAllowList } from '@secux-companion/server-kit/rpcGuard';
import { createLogoSource, DEFAULT_ICON_BASE, type LogoSource } from './logos.js';

export interface EvmChainRouteOptions {
  env?: Record<string, string | undefined>;
  /** Test overrides. */
  snapshotFile?: string;
  blacklistFiles?: { chainIds?: string; rpcs?: string };
  /** Test override of the logo source (default: the shipped icons, then EVM_CHAIN_ICON_BASE). */
  logos?: LogoSource;
}

export interface EvmChainSource {
  list(): {
    chains: AddableChain[];
    unsupported: { chainId: number; name: string }[];
    source: 'snapshot' | 'snapshot+local';
  };
  blacklists(): Blacklists;
  /**
   * URLs the server may forward JSON-RPC to: snapshot RPCs (public) and, in the local profile, the RPC of
   * localnet's side chain (own: the server's configuration, so loopback is fine).
   */
  allowList(): PreparedAllowList;
  snapshot(): readonly RegistryChain[];
}

export function createEvmChainSource(
  deps: { config: { profile: 'local' | 'mainnet'; dataDir: string } },
  opts: EvmChainRouteOptions = {},
): EvmChainSource {
  const env = opts.env ?? process.env;
  const snapshot = loadSnapshot(opts.snapshotFile);
  const lists = loadBlacklists(opts.blacklistFiles);
  const filtered = addableChains(snapshot, lists);
  // Re-read on every call: the side chain's RPC (a free port in tests) changes with every localnet start.
  const local = () => (deps.config.profile === 'local' ? localChain(deps.config.dataDir, env) : null);
  return {
    list() {
      const own = local();
      if (!own) return { chains: filtered.chains, unsupported: filtered.unsupported, source: 'snapshot' };
      return {
        chains: [own, ...filtered.chains.filter((c) => c.chainId !== own.chainId)],
        unsupported: filtered.unsupported,
        source: 'snapshot+local',
      };
    },
    blacklists: () => ({ chainIds: [...lists.chainIds], rpcs: [...lists.rpcs] }),
    allowList() {
      const own = local();
      return prepareAllowList({
        public: snapshot.flatMap((c) => usableRpcs(c.rpc, lists.rpcs)),
        own: own ? own.rpcs : [],
      });
    },
    snapshot: () => snapshot,
  };
}

export function registerEvmChainRoutes(
  api: FastifyInstance,
  deps: { config: { profile: 'local' | 'mainnet'; dataDir: string } },
  opts: EvmChainRouteOptions = {},
): EvmChainSource {
  const source = createEvmChainSource(deps, opts);

  api.get('/evm/chains', async (_req, reply) => {
    const r = source.list();
    // The local side chain's RPC changes with every localnet start: keep the cache short.
    reply.header('cache-control', r.source === 'snapshot' ? 'public, max-age=3600' : 'no-cache');
    return { ...r, snapshotChains: source.snapshot().length };
  });

  // The registry host for logos: chainid.network in the mainnet profile, none in the local one (no third party in
  // tests); EVM_CHAIN_ICON_BASE overrides it, an empty value switches it off.
  const env = opts.env ?? process.env;
  const base = env.EVM_CHAIN_ICON_BASE ?? (deps.config.profile === 'mainnet' ? DEFAULT_ICON_BASE : '');
  const logos =
    opts.logos ?? createLogoSource({ base: /^https:\/\/[^\s/?#@]+$/i.test(base.trim()) ? base.trim() : '' });

  api.get<{ Params: { chainId: string } }>('/evm/chains/:chainId/logo', async (req, reply) => {
    const id = /^\d{1,10}$/.test(req.params.chainId) ? Number(req.params.chainId) : NaN;
    const icon = source.list().chains.find((c) => c.chainId === id)?.icon;
    const logo = icon ? await logos.logo(icon) : null;
    // A miss is cached too: the client shows the letter avatar and need not ask again soon.
    reply.header('cache-control', 'public, max-age=3600');
    if (!logo) return reply.code(404).send({ error: 'no logo' });
    reply.header('cache-control', 'public, max-age=86400');
    // Served as an image only: the browser must not sniff it into anything else, nor run anything in it.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return reply.type(logo.type).send(logo.bytes);
  });

  api.get('/evm/blacklist', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return source.blacklists();
  });

  return source;
}
