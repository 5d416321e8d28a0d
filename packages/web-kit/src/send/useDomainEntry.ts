/**
 * The recipient entry's domain handling (spec 01 §4; spec 03 §5): every change is looked at; a domain or a crypto
 * handle (name@domain, through the FIO family for the coin's chain and token codes) is resolved
 * through the server 500 ms after the last change, and the resolved address then REPLACES the entry.
 * The domain is remembered so the form can say where the address came from; a failed lookup keeps the
 * entry and carries 'can not resolve domain from …'.
 */
import { useEffect, useRef, useState } from 'react';
import { createDomainResolver, looksLikeName, type DomainLookup } from './domainResolve';

export function useDomainEntry(
  coin: string,
  text: string,
  setText: (text: string) => void,
  options: { fetchFn?: Parameters<typeof createDomainResolver>[0]['fetchFn']; delayMs?: number } = {},
) {
  const [lookup, setLookup] = useState<DomainLookup>({ state: 'idle' });
  const [resolved, setResolved] = useState<{ domain: string; address: string } | null>(null);
  const resolverRef = useRef<ReturnType<typeof createDomainResolver> | null>(null);
  const { fetchFn, delayMs } = options;

  useEffect(() => {
    const resolver = createDomainResolver({
      coin,
      onChange: setLookup,
      ...(fetchFn ? { fetchFn } : {}),
      ...(delayMs !== undefined ? { delayMs } : {}),
    });
    resolverRef.current = resolver;
    return () => {
      resolver.dispose();
      resolverRef.current = null;
    };
  }, [coin, fetchFn, delayMs]);

  useEffect(() => {
    resolverRef.current?.update(text);
  }, [text, coin]);

  useEffect(() => {
    if (lookup.state === 'resolved' && lookup.domain === text.trim()) {
      setResolved({ domain: lookup.domain, address: lookup.address });
      setText(lookup.address);
    }
  }, [lookup, text, setText]);

  return {
    lookup,
    /** The domain the entry's address was resolved from, while the entry still holds that address. */
    resolvedFrom: resolved && resolved.address === text ? resolved.domain : null,
    resolving: lookup.state === 'pending' && looksLikeName(text),
  };
}
