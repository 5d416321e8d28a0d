/** NFT text, `data:` URIs and metadata JSON, read without fetching anything (pure). */
import type { NftTokenInfo } from '../backend.js';

const MAX_TEXT = 200;
const MAX_JSON = 1_000_000;
const MAX_IMAGE = 300_000;

/** Printable text: no control or bidi-override characters, trimmed, at most `max` characters. */
export function cleanText(v: unknown, max = MAX_TEXT): string {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return '';
  return (
    String(v)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim()
      .slice(0, max)
  );
}

/** The text of a `data:` URI (base64 or percent-encoded / raw utf8), or undefined. */
export function dataUriText(uri: string, maxBytes = MAX_JSON): string | undefined {
  const m = /^data:([^,]*),/i.exec(uri);
  if (!m) return undefined;
  const payload = uri.slice(m[0].length);
  if (payload.length > maxBytes * 1.4) return undefined;
  if (/;base64$/i.test(m[1]!)) {
    const b = payload.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b)) return undefined;
    return Buffer.from(b, 'base64').toString('utf8');
  }
  try {
    return decodeURIComponent(payload);
  } catch {
    return payload; // `data:application/json;utf8,{"name":"100%"}`: not percent-encoded
  }
}

/** An image URL fit for an <img>: https:// or data:image/…; anything else is dropped. */
export function safeImageUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(s)) return s.length <= MAX_IMAGE ? s : undefined;
  if (!/^https:\/\//i.test(s) || s.length > 2048) return undefined;
  try {
    return new URL(s).protocol === 'https:' ? s : undefined;
  } catch {
    return undefined;
  }
}

/** Metadata JSON of a data: token URI → name, image, traits. Undefined when it is not a data: JSON URI. */
export function decodeNftMetadata(uri: string): (NftTokenInfo & { description?: string }) | undefined {
  const text = dataUriText(uri.trim());
  if (text === undefined) return undefined;
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!j || typeof j !== 'object' || Array.isArray(j)) return undefined;
  const o = j as Record<string, unknown>;
  const name = cleanText(o.name);
  const description = cleanText(o.description, 1000);
  let imageUrl = safeImageUrl(o.image ?? o.image_url);
  if (!imageUrl && typeof o.image_data === 'string' && /^\s*<svg[\s>]/i.test(o.image_data))
    imageUrl = safeImageUrl(
      `data:image/svg+xml;base64,${Buffer.from(o.image_data.trim()).toString('base64')}`,
    );
  const traits = Array.isArray(o.attributes)
    ? o.attributes
        .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object' && !Array.isArray(a))
        .map((a) => ({ traitType: cleanText(a.trait_type ?? a.traitType), value: cleanText(a.value) }))
        .filter((a) => a.traitType || a.value)
        .slice(0, 50)
    : [];
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    traits,
  };
}

/** ERC-1155 `{id}` substitution: the id as 64 lowercase hex digits. */
export const expandIdTemplate = (uri: string, tokenId: string) =>
  uri.replace(/\{id\}/g, BigInt(tokenId).toString(16).padStart(64, '0'));
