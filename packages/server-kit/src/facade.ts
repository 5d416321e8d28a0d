/**
 * The platform every chain family plugs into (apps/server/CHAINS.md):
 *
 * - a `ChainFacade` per served chain answers the generic endpoints (routes.ts): it parses its own ids, addresses and
 *   query (each family knows its address and key syntax), runs the calls with failover over its providers and declares
 *   its JSON-RPC allow-list;
 * - a `Family` (chains/<family>/src/server, the package's `./server` entry exporting `family`) builds the facades of
 *   its chains from the server's configuration and declares the family's extra endpoints (`routes`), which the
 *   generic route module registers once for every family.
 *
 * A new family is its folder plus one line in chains/families.json (the server loads it from there); nothing here
 * names a family.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FailoverLog, FailoverPolicy, FetchFn } from './failover.js';
import type { AccountInfo, FeeInfo, HistoryPage, TxStatus } from './types.js';

/** Where a served chain's providers come from. */
export type ChainSource = 'local' | 'config' | 'registry';

export interface BroadcastResult {
  /** Transaction hash / id as the chain spells it. */
  hash: string;
  provider: string;
}

export interface ChainFacade {
  /** The chain symbol it serves (`BTC`, `ETH`, `EVM-137`, …). */
  readonly chain: string;
  /** Its family's id (the manifest's `id`). */
  readonly family: string;
  /** `GET /chains/:chain`: what a client needs to know to sign for this chain (`source` as listed, if listed). */
  describe(source: ChainSource | undefined): Record<string, unknown>;
  /** `GET /chains/:chain/account/:id`: `id` and `query` are raw request input the family validates (400). */
  account(id: string, query: unknown): Promise<AccountInfo>;
  /** `GET /chains/:chain/history/:id`: a page of Operations; `query` carries `cursor`, `pageSize` and extras. */
  history(id: string, query: unknown): Promise<HistoryPage>;
  /** `GET /chains/:chain/fees`: tiers in the family's own unit. */
  fees(): Promise<FeeInfo>;
  /** The signed transaction as this family writes it (`POST /broadcast` body `rawTx`), normalized for its nodes. */
  readonly rawTx: z.ZodType<string, string>;
  /**
   * `POST /chains/:chain/broadcast` with the `rawTx` parsed above. A node that says the chain already has this very
   * transaction (a resend of the same bytes after a timeout) is a success with its hash, never an error.
   */
  broadcast(rawTx: string): Promise<BroadcastResult>;
  /**
   * `GET /chains/:chain/tx-status/:hash`: the chain's own finality signal for the transaction. `hash` is raw request
   * input the family validates (400 on a malformed one).
   */
  txStatus(hash: string): Promise<TxStatus>;
  /** JSON-RPC methods `POST /chains/:chain/rpc` may forward to this chain's configured nodes. */
  readonly rpcMethods: ReadonlySet<string>;
  rpc(method: string, params: unknown[]): Promise<unknown>;
}

/** One endpoint of a family beyond the generic ones, under `/chains/:chain` (e.g. `/xpub/:id`). */
export interface ChainRoute<F extends ChainFacade = ChainFacade> {
  method: 'GET' | 'POST';
  /** Path after `/chains/:chain`, with Fastify parameters (`/tx/:txid/raw`). */
  path: string;
  /** Runs after the chain was found and is one of the family's; validates its own input (400). */
  handler(facade: F, req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** A served chain as its family lists it: the common fields and the family's own facts (EVM `chainId`, …). */
export interface FamilySummary {
  chain: string;
  /** Provider names (never URLs). */
  providers: string[];
  source: ChainSource;
  [fact: string]: unknown;
}

/** One row of `GET /chains`. */
export type ChainSummary<Id extends string = string> = FamilySummary & { family: Id };

/**
 * A chain of a family's `env.symbols` that this server does not serve (`GET /chains` `unserved`, the 404
 * `chain_not_configured`): why, and the variables that would serve it. Names only, never a value.
 */
export interface UnservedChain<Id extends string = string> {
  chain: string;
  family: Id;
  /** `switched_off`: one of `settings` is `none`; `no_provider`: this profile has no default provider for it. */
  reason: 'no_provider' | 'switched_off';
  settings: string[];
}

export interface ServedChain<F extends ChainFacade = ChainFacade> {
  facade: F;
  /** Its `GET /chains` row without `family` (the registry adds it). */
  summary: FamilySummary;
}

type Env = Record<string, string | undefined>;

/** What a family reads to build its chains: the environment, the profile and the shared knobs. */
export interface FamilyContext {
  env: Env;
  /** The local profile (localnet) instead of the public mainnet defaults. */
  local: boolean;
  /** DATA_DIR/localnet/endpoints.json (parsed JSON, unchecked) in the local profile; each family reads its part. */
  localnet: unknown;
  fetch: FetchFn;
  log?: FailoverLog;
  /** The per-call timeout of a call without a class timeout (CHAIN_PROVIDER_TIMEOUT_MS, else 15 s; tests' contexts). */
  timeoutMs: number;
  /** Connect timeout, budgets and breaker settings every failover of the family uses (CHAINS.md "Timeouts"). */
  policy: FailoverPolicy & { feesBudgetMs: number };
  /**
   * The remote config's extra RPCs (spec 01 §9): more node URLs per chain symbol or chain id (`{"ETH": [...],
   * "56": [...]}`), which a family whose chains speak JSON-RPC tries after its own. Empty when none are configured.
   */
  extraRpcs?: Readonly<Record<string, readonly string[]>>;
}

export interface Family<F extends ChainFacade = ChainFacade, Id extends string = string> {
  readonly id: Id;
  /**
   * The family's environment variables: `global` ones (e.g. BITCOIN_RPC_SCAN_RANGE) and `perChain` ones read as
   * CHAIN_<SYM>_<KEY> for each of `symbols` (validated at start-up, main.ts).
   */
  readonly env: {
    global: z.ZodObject<z.ZodRawShape>;
    perChain: z.ZodObject<z.ZodRawShape>;
    symbols: readonly string[];
  };
  /** The chains this server serves from its configuration, in listing order. */
  chains(ctx: FamilyContext): ServedChain<F>[];
  /**
   * The variables that would serve `chain` (one of `env.symbols`) when `chains` does not list it, in the local
   * profile or not: told to the client that asks for it (never their values).
   */
  settings?(chain: string, local: boolean): readonly string[];
  /**
   * Chains named on demand that `chains` does not list (EVM-<chainId> from the chain-registry snapshot): called once
   * per registry; the lookup it returns answers undefined for names that are not the family's (it may cache).
   */
  resolver?(ctx: FamilyContext): (chain: string) => ServedChain<F> | undefined;
  /** The family's extra endpoints. */
  readonly routes: readonly ChainRoute<F>[];
  /**
   * Endpoints of the family's own (not under a chain: the EVM chains area's /evm/*), registered under the API prefix
   * with the server's configuration.
   */
  register?(api: FastifyInstance, deps: { config: { profile: 'local' | 'mainnet'; dataDir: string } }): void;
  /** Whether a facade is one of this family's (extra endpoints answer 400 for other families' chains). */
  owns(facade: ChainFacade): facade is F;
  /** The 400 message of an extra endpoint asked for another family's chain. */
  notMine(chain: string): string;
}
