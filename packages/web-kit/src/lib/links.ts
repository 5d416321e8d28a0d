/**
 * External pages the wallet links to (issue 18 item 4). They come from the remote config (GET /api/config →
 * `links`), whose defaults are the product's pages known to be real; nothing is guessed here. A help link that
 * is not configured falls back to the product's home page (`website`); a link with no sensible fallback (the
 * Cardano portal, the dApp page) is left out until configured. Links open in a new window, no opener, no referrer.
 */
import { REMOTE_URL_LINK_KEYS, type RemoteLinkKey } from '@secux-companion/core';
import { useEffect, useState } from 'react';

export const EXTERNAL_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The configured pages (core's link keys); `supportEmail` is an e-mail address, not a URL. */
export type Links = Partial<Record<RemoteLinkKey, string>>;

const URL_KEYS: readonly (keyof Links)[] = REMOTE_URL_LINK_KEYS;

/** Help pages that fall back to the product's home page when the config names none. */
const WEBSITE_FALLBACK: readonly (keyof Links)[] = [
  'terms',
  'privacy',
  'help',
  'guideAddAccount',
  'guideSendReceive',
  'guideDevice',
  'mobileApp',
];

const EMAIL = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/;

/** The links of a /api/config answer: https URLs only (an e-mail for supportEmail), with the fallbacks applied. */
export function parseLinks(config: unknown): Links {
  const raw =
    config &&
    typeof config === 'object' &&
    'links' in config &&
    config.links &&
    typeof config.links === 'object'
      ? (config.links as Record<string, unknown>)
      : {};
  const out: Links = {};
  for (const k of URL_KEYS) {
    const v = raw[k];
    if (typeof v === 'string' && /^https:\/\/\S+$/i.test(v)) out[k] = v;
  }
  if (typeof raw.supportEmail === 'string' && EMAIL.test(raw.supportEmail))
    out.supportEmail = raw.supportEmail;
  if (out.website)
    for (const k of WEBSITE_FALLBACK) if (!out[k]) (out as Record<string, string>)[k] = out.website;
  // iPhone and iPad users go to the app's App Store page, else to the mobile app's page.
  if (!out.iosAppStore && out.mobileApp) out.iosAppStore = out.mobileApp;
  return out;
}

let loaded: Links | null = null;
let loading: Promise<Links> | null = null;
const listeners = new Set<(l: Links) => void>();

/** Reads the links once per page (a failed read is tried again by the next caller). */
export function loadLinks(): Promise<Links> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return parseLinks(await res.json());
    })
    .then((links) => {
      loaded = links;
      for (const l of listeners) l(links);
      return links;
    })
    .catch((e: unknown) => {
      console.warn('links could not be read', e);
      loading = null;
      return {};
    });
  return loading;
}

/** The links known now (empty until the config is read). */
export function currentLinks(): Links {
  return loaded ?? {};
}

/** The configured links; a component re-renders once they are read. */
export function useLinks(): Links {
  const [links, setLinks] = useState<Links>(currentLinks);
  useEffect(() => {
    listeners.add(setLinks);
    void loadLinks().then((l) => setLinks(l));
    return () => {
      listeners.delete(setLinks);
    };
  }, []);
  return links;
}

/** For tests: forget the links read. */
export function resetLinksForTests(): void {
  loaded = null;
  loading = null;
}
