/** The answer shape of the Blockbook stand-in's routes, and Blockbook's way of leaving out empty fields. */

export interface Answer {
  status: number;
  body: unknown;
  /** Plain-text answers (mempool's block-height). */
  text?: boolean;
}

/** Blockbook's refusal: HTTP 400 `{"error": "…"}`. */
export const bad = (error: string): Answer => ({ status: 400, body: { error } });

/** Blockbook leaves out null, '', 0-valued counters it marks omitempty, and empty arrays. */
export function dropEmpty<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) delete o[k];
  }
  return o;
}
