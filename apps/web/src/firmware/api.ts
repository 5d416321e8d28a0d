import { FALLBACK_SE_VERSION, LATEST_SE_VERSION } from '@secux-companion/core';
import type { LatestFirmware } from '../state/deviceInfo';

/** A failed HTTP call; the message is the spec's 'HTTP error! status: {n}'. */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP error! status: ${status}`);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new HttpStatusError(res.status);
  return (await res.json()) as T;
}

const q = (params: Record<string, string | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) s.set(k, v);
  return s.toString();
};

/** GET /api/firmware/latest?mcu=&model=&lang= (spec 01 §7). */
export async function fetchLatestFirmware(
  mcu: string,
  model: string | null,
  lang: string,
): Promise<LatestFirmware> {
  const body = await getJson<{
    latestFirmwareVersion: string;
    forceUpdate: boolean;
    features?: string[];
    latestSeVersion?: string | null;
  }>(`/api/firmware/latest?${q({ mcu, model: model && model !== 'unknown' ? model : null, lang })}`);
  return {
    latestFirmwareVersion: String(body.latestFirmwareVersion),
    forceUpdate: body.forceUpdate === true,
    features: Array.isArray(body.features) ? body.features.map(String) : [],
    latestSeVersion: body.latestSeVersion ?? null,
  };
}

/** GET /api/firmware/downloadMcu: the image handed to the device updater. */
export async function downloadMcuImage(): Promise<ArrayBuffer> {
  const res = await fetch('/api/firmware/downloadMcu');
  if (!res.ok) throw new HttpStatusError(res.status);
  return res.arrayBuffer();
}

/** SE image file names, newest first: the 1.97 image, then the 1.96 image on failure (spec 01 §7). */
export const SE_IMAGE_FILES = [`se-${LATEST_SE_VERSION}.bin`, `se-${FALLBACK_SE_VERSION}.bin`] as const;

/** POST /api/firmware/downloadSE {fileName}, trying each file in turn. */
export async function downloadSeImage(files: readonly string[] = SE_IMAGE_FILES): Promise<ArrayBuffer> {
  let last: unknown = new Error('no SE image');
  for (const fileName of files) {
    try {
      const res = await fetch('/api/firmware/downloadSE', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fileName }),
      });
      if (!res.ok) throw new HttpStatusError(res.status);
      return await res.arrayBuffer();
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

export interface NewsItem {
  id: number;
  title: string;
  displayDate: string;
}
export interface Banner {
  enableBanner: boolean;
  webUri: string;
  image: { web: string; android: string };
  alt: string;
}
export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}
export interface UpdateLog<F> {
  version: string;
  displayDate: string;
  features: F;
}

export const contentApi = {
  news: (lang: string) =>
    getJson<{ news: NewsItem[] }>(`/api/content/news?${q({ lang })}`).then((b) => b.news),
  banner: (lang: string) => getJson<Banner>(`/api/content/banner?${q({ lang })}`),
  faq: (lang: string) => getJson<{ faq: FaqItem[] }>(`/api/content/faq?${q({ lang })}`).then((b) => b.faq),
  mcuLog: (lang: string) =>
    getJson<{ logs: UpdateLog<string[]>[] }>(`/api/content/mcu-log?${q({ lang })}`).then((b) => b.logs),
  seLog: (lang: string) =>
    getJson<{ logs: UpdateLog<string>[] }>(`/api/content/se-log?${q({ lang })}`).then((b) => b.logs),
};

/** Only http(s) and same-site links are followed from server content. */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}
