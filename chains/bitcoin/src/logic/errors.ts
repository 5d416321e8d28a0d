/** What the adapter's calls fail with: the product API's answer (network/ throws it), and a malformed answer. */
import type { ChainErrorBody } from '@secux-companion/chain-common/wire';

export { MalformedAnswerError } from '@secux-companion/chain-common/wire';

/** A failed product-API call: HTTP status, the server's error code and its message (rendered as text). */
export class ProductApiError extends Error {
  override readonly name = 'ProductApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The server's error body (attempts, retryAfter, stale) when it sent one. */
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
  /** 429 / 503: the server (or every provider behind it) is busy (spec: serverBusyMessage). */
  get busy(): boolean {
    return this.status === 429 || this.status === 503;
  }
}
