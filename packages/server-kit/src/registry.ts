/**
 * Which chains this server serves: it asks every family it is given (the server gives the manifest's, chains/families.json) for the chains its configuration names
 * (never a client), and for chains named on demand (EVM-<chainId>). The configuration is the environment
 * (CHAIN_<SYMBOL>_* and the families' own variables) and, in the local profile, DATA_DIR/localnet/endpoints.json
 * (re-read when the file changes). The server therefore only ever forwards to URLs from its own environment, the
 * localnet file or a chain-registry snapshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { clean, int, list as envList, perChainRaw, type Env } from './env.js';
import type {
  ChainFacade,
  ChainSummary,
  Family,
  FamilyContext,
  ServedChain,
  UnservedChain,
} from './facade.js';
import { CLASS_TIMEOUTS, type FailoverLog, type FetchFn } from './failover.js';
import { DEFAULT_RATE_BOOK, RateBook, rateLimitedFetch } from './rateLimit.js';

/** Variables every family reads. */
const CommonEnv = z.object({
  /** Before the call classes: every call's timeout; now the default of the read and history classes when set. */
  CHAIN_PROVIDER_TIMEOUT_MS: int(100, 300_000).optional(),
  /** Timeouts per call class (failover.ts CallClass; mainnet-behaviour.md §11 row 1). */
  CHAIN_READ_TIMEOUT_MS: int(100, 300_000).optional(),
  CHAIN_HISTORY_TIMEOUT_MS: int(100, 300_000).optional(),
  CHAIN_SUBMIT_TIMEOUT_MS: int(100, 300_000).default(CLASS_TIMEOUTS.submit),
  /** A read or history answer slower than this moves its provider behind the others for a while (0: never). */
  CHAIN_SLOW_ANSWER_MS: int(0, 300_000).default(2_000),
  /** First byte of every upstream HTTP answer of a read call. */
  CHAIN_CONNECT_TIMEOUT_MS: int(50, 60_000).default(3_000),
  /** A whole chain request, every provider included (the browser gives up at 30 s). */
  CHAIN_REQUEST_BUDGET_MS: int(100, 300_000).default(25_000),
  /** A whole broadcast request: long enough for a submit to run its class's time and one more provider. */
  CHAIN_SUBMIT_BUDGET_MS: int(100, 600_000).default(50_000),
  /** A request's history-class calls (history, token/NFT discovery, xpub and UTXO listings): their class's time. */
  CHAIN_HISTORY_BUDGET_MS: int(100, 600_000).default(40_000),
  /** Client-side token buckets (rateLimit.ts): longest wait for a token, each client's share of a bucket. */
  CHAIN_RATE_WAIT_MS: int(0, 60_000).default(DEFAULT_RATE_BOOK.waitMs),
  CHAIN_RATE_CLIENT_SHARE: z
    .string()
    .trim()
    .regex(/^(0?\.\d+|1(\.0+)?)$/, { message: 'must be a share between 0 and 1 (e.g. 0.5; 1 = none)' })
    .transform(Number)
    .refine((n) => n > 0 && n <= 1, { message: 'must be above 0 and at most 1' })
    .default(DEFAULT_RATE_BOOK.clientShare),
  /** Fee lookups before the spec's preset/fallback tiers are served. */
  CHAIN_FEES_BUDGET_MS: int(100, 60_000).default(5_000),
  /** How long a chain's fee answer is served again (feesCache.ts); default 20 s, 0 in the local profile. */
  CHAIN_FEES_CACHE_MS: int(0, 300_000).optional(),
  CHAIN_BREAKER_FAILURES: int(1, 100).default(3),
  CHAIN_BREAKER_COOLDOWN_MS: int(100, 3_600_000).default(30_000),
});

/** CHAIN_FEES_CACHE_MS outside the local profile. */
export const DEFAULT_FEES_CACHE_MS = 20_000;

const familyGlobalKeys = (families: readonly Family[]) => [
  ...Object.keys(CommonEnv.shape),
  ...families.flatMap((f) => Object.keys(f.env.global.shape)),
];

/** Every variable the chain families read (for documentation and `checkChainEnv`). */
export const chainEnvKeys = (families: readonly Family[]): string[] => [
  ...familyGlobalKeys(families),
  ...families.flatMap((f) =>
    f.env.symbols.flatMap((s) => Object.keys(f.env.perChain.shape).map((k) => `CHAIN_${s}_${k}`)),
  ),
];

/** Validates the chain variables; returns one line per problem (empty when fine). */
export function checkChainEnv(env: Env, families: readonly Family[]): string[] {
  const errors: string[] = [];
  for (const schema of [CommonEnv, ...families.map((f) => f.env.global)]) {
    const g = schema.safeParse(clean(env, Object.keys(schema.shape)));
    if (!g.success) errors.push(...g.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
  }
  for (const f of families)
    for (const s of f.env.symbols) {
      const r = f.env.perChain.safeParse(perChainRaw(env, s, Object.keys(f.env.perChain.shape)));
      if (!r.success)
        errors.push(...r.error.issues.map((i) => `CHAIN_${s}_${String(i.path[0])}: ${i.message}`));
    }
  return errors;
}

export interface ChainRegistry<Id extends string = string> {
  /** The families it serves (their extra routes are registered by routes.ts). */
  readonly families: readonly Family[];
  /** Deadline of one chain request (ms), every provider included. */
  readonly budgetMs?: number;
  /** How long a chain's fee answer is served again (CHAIN_FEES_CACHE_MS); none when 0 or absent. */
  readonly feesCacheMs?: number;
  /** The facade of a chain, or undefined when the chain is not served. */
  get(chain: string): ChainFacade | undefined;
  list(): ChainSummary<Id>[];
  /** The families' chains it does not serve, with the settings that would serve them (`GET /chains` `unserved`). */
  unserved(): UnservedChain<Id>[];
}

/** What the chain registry needs of the server's configuration. */
export interface ChainServerConfig {
  profile: 'local' | 'mainnet';
  dataDir: string;
}

export interface RegistryOptions<Fam extends Family> {
  config: ChainServerConfig;
  fetch: FetchFn;
  env?: Env;
  log?: FailoverLog;
  /** The families to serve (the root gives the manifest's; tests give theirs). */
  families: readonly Fam[];
  /**
   * The remote config's extra RPCs as they are now (FamilyContext.extraRpcs); the chains are built again when they
   * change.
   */
  extraRpcs?: () => Readonly<Record<string, readonly string[]>>;
}

export function createChainRegistry<Fam extends Family = Family>(
  o: RegistryOptions<Fam>,
): ChainRegistry<Fam['id']> {
  const families: readonly Family[] = o.families;
  const env = o.env ?? process.env;
  const common = CommonEnv.parse(clean(env, Object.keys(CommonEnv.shape)));
  const local = o.config.profile === 'local';
  const endpointsPath = path.join(o.config.dataDir, 'localnet', 'endpoints.json');
  // One set of token buckets for the server's life (every user, every rebuild of the local profile's chains).
  const rates = new RateBook({
    waitMs: common.CHAIN_RATE_WAIT_MS,
    clientShare: common.CHAIN_RATE_CLIENT_SHARE,
  });
  const fetchFn = rateLimitedFetch(o.fetch, rates);
  const legacy = common.CHAIN_PROVIDER_TIMEOUT_MS;
  const context = (localnet: unknown): FamilyContext => ({
    env,
    local,
    localnet,
    fetch: fetchFn,
    extraRpcs: o.extraRpcs?.() ?? {},
    ...(o.log ? { log: o.log } : {}),
    timeoutMs: legacy ?? 15_000,
    policy: {
      connectTimeoutMs: common.CHAIN_CONNECT_TIMEOUT_MS,
      timeouts: {
        read: common.CHAIN_READ_TIMEOUT_MS ?? legacy ?? CLASS_TIMEOUTS.read,
        history: common.CHAIN_HISTORY_TIMEOUT_MS ?? legacy ?? CLASS_TIMEOUTS.history,
        submit: common.CHAIN_SUBMIT_TIMEOUT_MS,
      },
      submitBudgetMs: common.CHAIN_SUBMIT_BUDGET_MS,
      historyBudgetMs: common.CHAIN_HISTORY_BUDGET_MS,
      ...(common.CHAIN_SLOW_ANSWER_MS ? { slowMs: common.CHAIN_SLOW_ANSWER_MS } : {}),
      rates,
      feesBudgetMs: common.CHAIN_FEES_BUDGET_MS,
      breaker: {
        failures: common.CHAIN_BREAKER_FAILURES,
        cooldownMs: common.CHAIN_BREAKER_COOLDOWN_MS,
        maxCooldownMs: Math.max(common.CHAIN_BREAKER_COOLDOWN_MS, 10 * common.CHAIN_BREAKER_COOLDOWN_MS),
      },
    },
  });

  type Served = { facade: ChainFacade; summary: ChainSummary<Fam['id']> };
  let resolvers: ((chain: string) => Served | undefined)[] | undefined;
  const served = (f: Family, c: ServedChain): Served => {
    const { chain, ...facts } = c.summary;
    // `GET /chains` rows read chain, family, then the family's facts.
    return { facade: c.facade, summary: { chain, family: f.id as Fam['id'], ...facts } };
  };

  let localKey = '';
  let built = new Map<string, Served>();
  let extraKey = '';

  /** The localnet file (local profile) and a key that changes when the file does. */
  function readLocal(): { key: string; localnet: unknown } {
    try {
      const st = fs.statSync(endpointsPath);
      const key = `${st.mtimeMs}:${st.size}`;
      try {
        return { key, localnet: JSON.parse(fs.readFileSync(endpointsPath, 'utf8')) as unknown };
      } catch {
        return { key, localnet: undefined };
      }
    } catch {
      return { key: 'env', localnet: undefined };
    }
  }

  function build(localnet: unknown) {
    const out = new Map<string, Served>();
    const ctx = context(localnet);
    for (const f of families) for (const c of f.chains(ctx)) out.set(c.summary.chain, served(f, c));
    return out;
  }

  function current() {
    // Extra RPCs changed in the remote config: every chain (and on-demand chain) is built again with them.
    const extra = o.extraRpcs ? JSON.stringify(o.extraRpcs()) : '';
    if (extra !== extraKey) {
      extraKey = extra;
      built = new Map();
      resolvers = undefined;
    }
    if (local) {
      const { key, localnet } = readLocal();
      if (key !== localKey || !built.size) {
        localKey = key;
        built = build(localnet);
      }
    } else if (!built.size) built = build(undefined);
    return built;
  }

  const onDemand = (sym: string) => {
    resolvers ??= families.flatMap((f) => {
      const r = f.resolver?.(context(undefined));
      if (!r) return [];
      return [
        (chain: string) => {
          const c = r(chain);
          return c && served(f, c);
        },
      ];
    });
    for (const r of resolvers) {
      const hit = r(sym);
      if (hit) return hit.facade;
    }
    return undefined;
  };

  return {
    families,
    budgetMs: common.CHAIN_REQUEST_BUDGET_MS,
    // The local profile's chains change their fees on demand (localnet control routes): served fresh by default.
    feesCacheMs: common.CHAIN_FEES_CACHE_MS ?? (local ? 0 : DEFAULT_FEES_CACHE_MS),
    get(chain) {
      const sym = chain.toUpperCase();
      return current().get(sym)?.facade ?? onDemand(sym);
    },
    list() {
      return [...current().values()].map((v) => v.summary);
    },
    unserved() {
      const serving = current();
      return families.flatMap((f) =>
        f.env.symbols
          .filter((sym) => !serving.has(sym))
          .map((sym) => {
            const settings = [...(f.settings?.(sym, local) ?? [])];
            const off = settings.some((k) => envList(env[k]).includes('none'));
            return {
              chain: sym,
              family: f.id as Fam['id'],
              reason: off ? ('switched_off' as const) : ('no_provider' as const),
              settings,
            };
          }),
      );
    },
  };
}
