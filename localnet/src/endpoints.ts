import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Endpoints } from './options.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function intEnv(env: Record<string, string | undefined>, key: string): number | undefined {
  const v = env[key]?.trim();
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${key} must be a non-negative number, got ${JSON.stringify(v)}`);
  return n;
}

export function defaultDataDir(env: Record<string, string | undefined> = process.env): string {
  return path.join(path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || './data'), 'localnet');
}

/** Path of endpoints.json for a DATA_DIR (what the server reads). */
export function endpointsFile(env: Record<string, string | undefined> = process.env): string {
  return path.join(defaultDataDir(env), 'endpoints.json');
}

/** Read the endpoints written by a running localnet, or null. */
export function readEndpoints(file = endpointsFile()): Endpoints | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Endpoints;
  } catch {
    return null;
  }
}
