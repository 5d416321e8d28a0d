/**
 * The contract of a family's local chain (`@secux-companion/chain-<family>/sim` exports `localChains`): how the local
 * network (localnet, a root) starts it without knowing the family. Each local chain owns its options, its
 * environment variables, its default port and its lines in the start banner; the local network only hands it the
 * shared settings below, starts every family's chains side by side, writes each chain's info under its key in
 * endpoints.json, and stops them all again when one fails.
 */

/** What the local network gives every local chain it starts. */
export interface SimContext {
  host: string;
  mnemonic: string;
  /** Interval block on every chain in ms (0 = off). */
  blockIntervalMs: number;
  /** The local network's data directory (a chain keeps its files in a folder of its own below it). */
  dataDir: string;
  /** Cache directory shared by the chains (compiled contracts). */
  cacheDir: string;
  env: Record<string, string | undefined>;
  log(msg: string): void;
  /** Milliseconds since the local network began to start (for the log). */
  elapsed(): number;
  /**
   * A port for this chain: the option, else the environment variable `envKey`, else `dflt`; 0 (or `dflt` when the
   * caller asked for free ports, as tests do) picks a free port that no other chain of this start got.
   */
  port(option: number | undefined, envKey: string, dflt: number): Promise<number>;
  /** A non-negative number from the environment, or undefined; throws on garbage. */
  intEnv(key: string): number | undefined;
  /** The options given for another local chain of the same family (e.g. the side chain reads the main chain's accounts). */
  option(key: string): unknown;
  /** Work shared by a family's local chains during one start (e.g. compiled contracts), made once per start. */
  shared<T>(key: string, make: () => T): T;
}

export interface StartedLocalChain<Info = unknown> {
  /** What endpoints.json holds under the chain's key; null: the chain chose not to run (e.g. a missing binary). */
  info: Info | null;
  stop(): Promise<void>;
  /** Synchronous last resort on process exit (a child process to kill). */
  kill?(): void;
}

export interface LocalChain<Info = unknown, Options = unknown> {
  /** Its key in endpoints.json and in startLocalnet's options (`false` there leaves it out). */
  key: string;
  /** `LOCALNET_<X>=0|false|no|off` leaves it out; undefined: only the option can. */
  envSwitch?: string;
  start(ctx: SimContext, options: Options | undefined): Promise<StartedLocalChain<Info>>;
  /** Its lines in the start banner (indented by the caller). */
  summary?(info: Info): string[];
}
