import type { ChainErrorBody } from '@secux-companion/chain-common/wire';

/** What the adapter's calls fail with (network/ throws it): HTTP status, code, busy / rejected. */
/** A failed call: HTTP status (0 = network / timeout), a code and the server's or node's message. */
export class EvmNetworkError extends Error {
  override readonly name = 'EvmNetworkError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string | number,
    /** The server's error body (attempts, retryAfter, stale) when it sent one. */
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
  /** 429 / 503: busy (serverBusyMessage). */
  get busy(): boolean {
    return this.status === 429 || this.status === 503;
  }
  /** The node or the server refused the request itself (bad transaction, revert …), not a transport failure. */
  get rejected(): boolean {
    return this.status === 400 || this.status === 422 || typeof this.code === 'number';
  }
}
