/**
 * Recipient domain resolution (spec 01 §4 "Send form behaviour", §5; spec 03 §5 "Domain resolution"): an
 * unstoppable-style domain (`alice.crypto`, via /api/domain/resolve, which checks the provider's supported TLDs
 * first) and the names a family resolves (FIO's crypto handles `name@domain`: the registry hands their resolvers
 * over), with a debounced lookup via the server. A failure says why where the spec has a text for it (§8): 'Can not
 * get supported tlds', 'Can not get address', else the provider's 'can not resolve' text.
 */
import type { CatalogueMessageKey, Issue, RecipientStatus } from '@secux-companion/core';
import type { NameResolver } from '../family/types';
import { nameResolvers } from '../state/families';

/** Debounce of the lookup (spec 01 §4). */
export const DOMAIN_LOOKUP_DELAY_MS = 500;

const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;

/** A name such as `alice.crypto`: dot-separated labels ending in a label that starts with a letter. */
export function looksLikeDomain(text: string): boolean {
  const s = text.trim();
  return s.length <= 253 && s.includes('.') && DOMAIN_RE.test(s);
}

/** The family resolver of a name (FIO's crypto handles), if the text is one of theirs. */
function familyResolverOf(text: string): NameResolver | undefined {
  const s = text.trim();
  return nameResolvers().find((r) => r.accepts(s));
}

/** A name one of the providers resolves: a domain, or a name a family resolves. */
export const looksLikeName = (text: string): boolean => looksLikeDomain(text) || !!familyResolverOf(text);

export type DomainLookup =
  | { state: 'idle' }
  | { state: 'pending'; domain: string }
  | { state: 'resolved'; domain: string; address: string }
  /** `issue`: why, when it is not that the name maps no address (the provider's text is shown then). */
  | { state: 'failed'; domain: string; coin?: string; issue?: Issue };

/** A lookup that failed for a reason the spec words (spec 03 §8): a resolver throws it with the issue to show. */
export class NameLookupError extends Error {
  override readonly name = 'NameLookupError';
  constructor(readonly issue: Issue) {
    super(issue.code);
  }
}

/** The server's failure reasons that have a text of their own; the others are 'can not resolve domain from …'. */
const REASON_ISSUES: Readonly<Record<string, CatalogueMessageKey>> = {
  tlds_unavailable: 'domainTldsUnavailable',
  upstream_error: 'domainAddressUnavailable',
};

type FetchFn = (input: string, init?: { signal?: AbortSignal }) => Promise<Pick<Response, 'ok' | 'json'>>;

/** GET /api/domain/resolve?domain=&coin= → the address, or throws. */
export async function resolveDomain(
  fetchFn: FetchFn,
  domain: string,
  coin: string,
  signal?: AbortSignal,
): Promise<string> {
  const q = new URLSearchParams({ domain, coin });
  let res: Awaited<ReturnType<FetchFn>>;
  try {
    res = await fetchFn(`/api/domain/resolve?${q.toString()}`, signal ? { signal } : undefined);
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new NameLookupError({ code: 'domainAddressUnavailable' });
  }
  const body = (await res.json().catch(() => ({}))) as { address?: unknown; reason?: unknown };
  if (!res.ok || typeof body.address !== 'string' || body.address.trim() === '') {
    const key = typeof body.reason === 'string' ? REASON_ISSUES[body.reason] : undefined;
    throw key ? new NameLookupError({ code: key }) : new Error('domainUnresolved');
  }
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
      if (!looksLikeName(domain)) return opts.onChange({ state: 'idle' });
      opts.onChange({ state: 'pending', domain });
      timer = setTimeout(() => {
        timer = undefined;
        const c = new AbortController();
        controller = c;
        const fetchFn = opts.fetchFn ?? ((input, init) => fetch(input, init));
        const resolve = familyResolverOf(domain)?.resolve ?? resolveDomain;
        resolve(fetchFn, domain, opts.coin, c.signal).then(
          (address) => {
            if (!c.signal.aborted) opts.onChange({ state: 'resolved', domain, address });
          },
          (e: unknown) => {
            if (c.signal.aborted) return;
            const issue = e instanceof NameLookupError ? e.issue : undefined;
            opts.onChange({ state: 'failed', domain, coin: opts.coin, ...(issue ? { issue } : {}) });
          },
        );
      }, delay);
    },
    dispose: cancel,
  };
}

/**
 * The recipient when the entry may be a domain or a family's name: a resolved name stands for its address; a
 * pending one is not yet usable; a failed domain carries 'can not resolve domain from {address}', a failed family
 * name its family's issue (a FIO handle: 'Can not resolve domain on {coin}'; pass the send form's coin).
 */
export function domainRecipient(
  text: string,
  lookup: DomainLookup,
  coin?: string,
):
  | { kind: 'address'; text: string }
  | { kind: 'domain'; address: string; status: RecipientStatus; issue?: Issue } {
  const domain = text.trim();
  if (!looksLikeName(domain)) return { kind: 'address', text };
  if (lookup.state === 'resolved' && lookup.domain === domain)
    return { kind: 'address', text: lookup.address };
  if (lookup.state === 'failed' && lookup.domain === domain)
    return {
      kind: 'domain',
      address: '',
      status: 'invalid',
      issue: lookup.issue ??
        familyResolverOf(domain)?.unresolved(domain, coin ?? lookup.coin ?? '') ?? {
          code: 'domainUnresolved',
          params: { address: domain },
        },
    };
  return { kind: 'domain', address: '', status: 'empty' };
}
