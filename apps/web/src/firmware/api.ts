import { FALLBACK_SE_VERSION, LATEST_SE_VERSION } from '@secux-companion/core';
import type { LatestFirmware } from '@secux-companion/web-kit/state/deviceInfo';

/** A failed HTTP call; the message is the spec's 'HTTP error! status: {n}'. */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP error! status: ${status}`);
  }
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new HttpStatusError(res.status);
  const body: unknown = await res.json();
  if (!isRecord(body)) throw new Error(`malformed answer from ${url}`);
  return body;
}

// Server content is checked field by field: a malformed item is left out, a malformed answer is an error.
const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const textList = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;

/** The items of `v` that `item` accepts; anything but an array is a malformed answer. */
function listOf<T>(v: unknown, item: (o: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(v)) throw new Error('malformed answer: list expected');
  return v.flatMap((x) => {
    const parsed = isRecord(x) ? item(x) : null;
    return parsed === null ? [] : [parsed];
  });
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
  const body = await getJson(
    `/api/firmware/latest?${q({ mcu, model: model && model !== 'unknown' ? model : null, lang })}`,
  );
  const version = text(body.latestFirmwareVersion);
  if (!version) throw new Error('malformed answer: latestFirmwareVersion');
  return {
    latestFirmwareVersion: version,
    forceUpdate: body.forceUpdate === true,
    features: textList(body.features) ?? [],
    latestSeVersion: text(body.latestSeVersion),
  };
}

/** A device model the firmware host can be asked about ('unknown' in bootloader, or not read yet: none). */
const knownModel = (model: string | null | undefined) => (model && model !== 'unknown' ? model : null);

/** GET /api/firmware/downloadMcu?model=: the image for this device model, handed to the device updater. */
export async function downloadMcuImage(model?: string | null): Promise<ArrayBuffer> {
  const query = q({ model: knownModel(model) });
  const res = await fetch(`/api/firmware/downloadMcu${query ? `?${query}` : ''}`);
  if (!res.ok) throw new HttpStatusError(res.status);
  return res.arrayBuffer();
}

/** SE image file names, newest first: the 1.97 image, then the 1.96 image on failure (spec 01 §7). */
export const SE_IMAGE_FILES = [`se-${LATEST_SE_VERSION}.bin`, `se-${FALLBACK_SE_VERSION}.bin`] as const;

const SE_VARIANT_TAG = /^\s*(S(?:97|90))(?![0-9])/i;

/**
 * The SE image files to try, in order, for this device (spec 01 §7: the file name is chosen by the SE model
 * and version; the 1.97 image first, the 1.96 image on failure): the image the firmware host publishes for
 * the device model, then an old S97/S90 variant's own images (its SE version names the variant), then the
 * generic 1.97 and 1.96 images.
 */
export function seImageFiles(device: {
  seVersion: string | null;
  /** The host's SE file for the device model (GET /api/firmware/latest?model= → seFileName). */
  hostFileName?: string | null;
}): string[] {
  const variant = SE_VARIANT_TAG.exec(device.seVersion ?? '')?.[1]?.toUpperCase();
  const files = [
    device.hostFileName ?? null,
    ...(variant ? [LATEST_SE_VERSION, FALLBACK_SE_VERSION].map((v) => `se-${variant}-${v}.bin`) : []),
    ...SE_IMAGE_FILES,
  ];
  return [...new Set(files.filter((f): f is string => !!f && /^[A-Za-z0-9._-]+$/.test(f)))];
}

/** The SE file the firmware host publishes for this device model (null when it names none or cannot say). */
export async function fetchSeFileName(model: string | null): Promise<string | null> {
  try {
    const body = await getJson(`/api/firmware/latest?${q({ model: knownModel(model) })}`);
    return text(body.seFileName);
  } catch {
    return null; // the generic images are tried
  }
}

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
  /** The item's text (server strings are rendered as text, never as HTML). */
  content: string;
  /** A page to read more, only when the item has one (http(s) or same-site). */
  link?: string;
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

function updateLog<F>(features: (v: unknown) => F | null) {
  return (o: Record<string, unknown>): UpdateLog<F> | null => {
    const version = text(o.version);
    const displayDate = text(o.displayDate);
    const f = features(o.features);
    return version !== null && displayDate !== null && f !== null
      ? { version, displayDate, features: f }
      : null;
  };
}

export const contentApi = {
  news: async (lang: string): Promise<NewsItem[]> =>
    listOf((await getJson(`/api/content/news?${q({ lang })}`)).news, (o) => {
      const title = text(o.title);
      const displayDate = text(o.displayDate);
      const link = safeHref(text(o.link) ?? undefined);
      return typeof o.id === 'number' && title !== null && displayDate !== null
        ? { id: o.id, title, displayDate, content: text(o.content) ?? '', ...(link ? { link } : {}) }
        : null;
    }),
  banner: async (lang: string): Promise<Banner> => {
    const b = await getJson(`/api/content/banner?${q({ lang })}`);
    const image = isRecord(b.image) ? b.image : {};
    return {
      enableBanner: b.enableBanner === true,
      webUri: text(b.webUri) ?? '',
      image: { web: text(image.web) ?? '', android: text(image.android) ?? '' },
      alt: text(b.alt) ?? '',
    };
  },
  faq: async (lang: string): Promise<FaqItem[]> =>
    listOf((await getJson(`/api/content/faq?${q({ lang })}`)).faq, (o) => {
      const question = text(o.question);
      const answer = text(o.answer);
      return typeof o.id === 'number' && question !== null && answer !== null
        ? { id: o.id, question, answer }
        : null;
    }),
  mcuLog: async (lang: string): Promise<UpdateLog<string[]>[]> =>
    listOf((await getJson(`/api/content/mcu-log?${q({ lang })}`)).logs, updateLog(textList)),
  seLog: async (lang: string): Promise<UpdateLog<string>[]> =>
    listOf((await getJson(`/api/content/se-log?${q({ lang })}`)).logs, updateLog(text)),
};

/** Only http(s) and same-site links are followed from server content. */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}
