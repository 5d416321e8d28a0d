/** Recipient domain resolution (spec 01 §4 "Send form behaviour", §5): debounced lookup via the server. */
import type { Issue, RecipientStatus } from '@secux-companion/core';

/** Debounce of the lookup (spec 01 §4). */
export const DOMAIN_LOOKUP_DELAY_MS = 500;

const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;

/** A name such as `alice.crypto`: dot-separated labels ending in a label that starts with a letter. */
export function looksLikeDomain(text: string): boolean {
  const s = text.trim();
  return s.length <= 253 && s.includes('.') && DOMAIN_RE.test(s);
}

export type DomainLookup =
  | { state: 'idle' }
  | { state: 'pending'; domain: string }
  | { state: 'resolved'; domain: string; address: string }
  | { state: 'failed'; domain: string };

type FetchFn = (input: string, init?: { signal?: AbortSignal }) => Promise<Pick<Response, 'ok' | 'json'>>;

/** GET /api/domain/resolve?domain=&coin= → the address, or throws. */
export async function resolveDomain(fetchFn: FetchFn, domain: string, coin: string, signal?: AbortSignal): Promise<string> {
  const q = new URLSearchParams({ domain, coin });
  const res = await fetchFn(`/api/domain/resolve?${q.toString()}`, signal ? { signal } : undefined);
  const body = (await res.json().catch(() => ({}))) as { address?: unknown };
  if (!res.ok || typeof body.address !== 'string' || body.address.trim() === '') throw new Error('domainUnresolved');
  return body.address.trim();
}

/**
 * Debounced resolver: every `update` cancels the previous timer and lookup; a domain is looked up
 * `delayMs` after the last change. Results for a stale entry are dropped.
 */
export function createDomainResolver(opts: {
  coin: string;
  onChange: (lookup: DomainLookup) => void;
  fetchFn?: FetchFn;
  delayMs?: number;
}) {
  const delay = opts.delayMs ?? DOMAIN_LOOKUP_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };
  return {
    update(text: string) {
      cancel();
      const domain = text.trim();
      if (!looksLikeDomain(domain)) return opts.onChange({ state: 'idle' });
      opts.onChange({ state: 'pending', domain });
      timer = setTimeout(() => {
        timer = undefined;
        const c = new AbortController();
        controller = c;
        const fetchFn = opts.fetchFn ?? ((input, init) => fetch(input, init));
        resolveDomain(fetchFn, domain, opts.coin, c.signal).then(
          (address) => {
            if (!c.signal.aborted) opts.onChange({ state: 'resolved', domain, address });
          },
          () => {
            if (!c.signal.aborted) opts.onChange({ state: 'failed', domain });
          },
        );
      }, delay);
    },
    dispose: cancel,
  };
}

/**
 * The recipient when the entry may be a domain: a resolved domain stands for its address; a pending
 * one is not yet usable; a failed one carries 'can not resolve domain from {address}'.
 */
export function domainRecipient(
  text: string,
  lookup: DomainLookup,
): { kind: 'address'; text: string } | { kind: 'domain'; address: string; status: RecipientStatus; issue?: Issue } {
  const domain = text.trim();
  if (!looksLikeDomain(domain)) return { kind: 'address', text };
  if (lookup.state === 'resolved' && lookup.domain === domain) return { kind: 'address', text: lookup.address };
  if (lookup.state === 'failed' && lookup.domain === domain)
    return { kind: 'domain', address: '', status: 'invalid', issue: { code: 'domainUnresolved', params: { address: domain } } };
  return { kind: 'domain', address: '', status: 'empty' };
}
