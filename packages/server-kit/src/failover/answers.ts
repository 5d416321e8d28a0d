/** Reading an upstream answer: its text in logs, its JSON, its shape. */
import type { z } from 'zod';
import { ProviderError } from './errors.js';

export function snippet(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('malformed', `answer is not JSON: ${snippet(text, 80)}`);
  }
}

/** Validates an upstream value; a mismatch is a 'malformed' answer (next provider). */
export function validate<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ProviderError(
    'malformed',
    `unexpected ${what} shape${issue ? ` at ${issue.path.join('.') || '(root)'}: ${issue.message}` : ''}`,
  );
}
