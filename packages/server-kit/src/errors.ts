import type { z } from 'zod';

/** An error with an HTTP status; the app error handler turns it into `{error, statusCode}` JSON. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Validates request input; any problem becomes a 400 listing the bad fields. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, where = 'request'): z.output<S> {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  const details = r.error.issues
    .slice(0, 10)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new HttpError(400, `invalid ${where}: ${details.join('; ')}`);
}
