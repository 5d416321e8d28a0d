/** The circuit breaker of a provider (policy after MetaMask's service policy): see ../failover.ts. */
import { allClasses, type ClassTimeouts } from './callClass.js';
import { TRANSIENT, type FailureKind, type ProviderError } from './errors.js';

export interface BreakerOptions {
  /** Consecutive transient failures that open the breaker. */
  failures: number;
  /** First cool-down (ms); doubled after every failed probe. */
  cooldownMs: number;
  maxCooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failures: 3, cooldownMs: 30_000, maxCooldownMs: 300_000 };

export class Breaker {
  private failures = 0;
  private openUntil = 0;
  private cooldown: number;
  private probing = false;
  /** Until when the provider asked not to be called (its Retry-After or penalty): not even a last resort. */
  private penaltyUntil = 0;
  /** The failure that opened it (reported for skipped providers). */
  last: { kind: FailureKind; status?: number } | undefined;
  /** Calls (a failover's `what`, an upstream method) the provider rate-limited on their own: until when. */
  private readonly callPauses = new Map<string, { until: number; status?: number }>();

  constructor(readonly o: BreakerOptions = DEFAULT_BREAKER) {
    this.cooldown = o.cooldownMs;
  }

  /** Open: skipped until the cool-down ends. */
  get isOpen(): boolean {
    return Date.now() < this.openUntil || (this.openUntil > 0 && this.probing);
  }

  /** Seconds left of the provider's own rate-limit pause (0 when none). */
  get penaltyLeft(): number {
    return Math.max(0, Math.ceil((this.penaltyUntil - Date.now()) / 1000));
  }

  /** Seconds left of a pause the provider asked for on this one call only (0 when none). */
  callPauseLeft(call: string): number {
    const p = this.callPauses.get(call);
    if (!p) return 0;
    const left = p.until - Date.now();
    if (left <= 0) this.callPauses.delete(call);
    return Math.max(0, Math.ceil(left / 1000));
  }

  /** The answer that paused this call (reported for skipped providers). */
  callPauseOf(call: string): { kind: FailureKind; status?: number } {
    const status = this.callPauses.get(call)?.status;
    return { kind: 'rateLimited', ...(status ? { status } : {}) };
  }

  /**
   * A rate limit of one call only (ProviderError `scope: 'call'`): that call (`calls`) is paused for its Retry-After,
   * else the first cool-down; the provider's health and its other calls are untouched.
   */
  pauseCall(calls: readonly string[], err: ProviderError): void {
    const until = Date.now() + (err.opts.retryAfter ? err.opts.retryAfter * 1000 : this.o.cooldownMs);
    for (const c of calls)
      this.callPauses.set(c, { until, ...(err.opts.status ? { status: err.opts.status } : {}) });
    // Calls are the facades' names and the upstream methods (a few dozen); the ended ones are dropped now and then.
    if (this.callPauses.size > 100)
      for (const [c, v] of this.callPauses) if (v.until <= Date.now()) this.callPauses.delete(c);
    this.release();
  }

  /** May this request use the provider? After a cool-down one request (the probe) may, the others wait for it. */
  acquire(): boolean {
    if (Date.now() < this.openUntil) return false;
    if (this.openUntil > 0) {
      if (this.probing) return false;
      this.probing = true;
    }
    return true;
  }

  /** The provider answered (also "not found" or a rejection: it is healthy). */
  success(): void {
    this.failures = 0;
    this.openUntil = 0;
    this.probing = false;
    this.cooldown = this.o.cooldownMs;
    this.last = undefined;
  }

  /** Until when the provider goes behind the others of a call: its last answer was slow (FailoverPolicy.slowMs). */
  private slowUntil = 0;
  get isSlow(): boolean {
    return Date.now() < this.slowUntil;
  }
  /** How long its last answer took: a slow one moves it behind the others for a cool-down, a quick one back. */
  answered(ms: number, slowMs: number): void {
    this.slowUntil = ms > slowMs ? Date.now() + this.o.cooldownMs : 0;
  }

  /** Neither healthy nor failing (unsupported call, request ended before it finished). */
  release(): void {
    this.probing = false;
  }

  failure(err: ProviderError, hasAlternative: boolean): void {
    if (!TRANSIENT.has(err.kind) || err.opts.health === false) return this.release();
    this.failures += 1;
    this.last = { kind: err.kind, ...(err.opts.status ? { status: err.opts.status } : {}) };
    const costly = err.kind === 'timeout' || err.kind === 'refused';
    const pause = err.kind === 'rateLimited' ? (err.opts.retryAfter ?? 0) * 1000 : 0;
    if (pause > 0) {
      // The provider said how long to stay away (Retry-After, TronGrid's "suspended for 30s"): open at once.
      this.penaltyUntil = Date.now() + pause;
      this.openUntil = Math.max(this.openUntil, this.penaltyUntil);
    }
    if (this.probing || this.failures >= this.o.failures || (costly && hasAlternative)) {
      const wait = Math.max(this.cooldown, (err.opts.retryAfter ?? 0) * 1000);
      this.openUntil = Date.now() + wait;
      if (this.probing) this.cooldown = Math.min(this.cooldown * 2, this.o.maxCooldownMs);
    }
    this.probing = false;
  }
}

export interface Provider {
  /** Configured name shown to clients and logs (never the URL: it may carry a key). */
  readonly name: string;
  /** Per-call timeout in ms when neither the provider nor the policy gives one for the call's class. */
  readonly timeoutMs: number;
  /** Its own timeouts per call class (an operator's CHAIN_<SYM>_TIMEOUT_MS): win over the policy's. */
  readonly timeouts?: Partial<ClassTimeouts>;
  /** Its circuit breaker (wrappers of a provider pass the provider's own); default: one per provider object. */
  readonly breaker?: Breaker;
  /** Called after a transient failure (e.g. the provider checks its chain again on the next call). */
  onFailure?(): void;
}

const breakers = new WeakMap<object, Breaker>();
/** A provider's breaker (its own, or one kept for the provider object). */
export function breakerOf(p: Provider): Breaker {
  if (p.breaker) return p.breaker;
  let b = breakers.get(p);
  if (!b) breakers.set(p, (b = new Breaker()));
  return b;
}

/**
 * Gives a provider its own breaker with these settings (family config), and the operator's own timeout for it
 * (CHAIN_<SYM>_TIMEOUT_MS), which replaces every call class's.
 */
export function withBreaker<P extends Provider>(p: P, o?: BreakerOptions, ownTimeoutMs?: number): P {
  return Object.assign(p, {
    breaker: new Breaker(o),
    ...(ownTimeoutMs !== undefined ? { timeouts: allClasses(ownTimeoutMs) } : {}),
  });
}
