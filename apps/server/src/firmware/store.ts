import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbHandle } from '../db/index.js';
import { nowIso } from '../db/index.js';
import type { FirmwareRelease, Translated } from '../db/schema.js';
import { compareVersions, sha256Hex, type FirmwareKind } from './image.js';

export const FILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const VERSION_RE = /^\d{1,4}(?:\.\d{1,4}){0,3}$/;
export const MODEL_RE = /^[A-Za-z0-9_-]{1,32}$/;

export interface PublishInput {
  kind: FirmwareKind;
  version: string;
  model?: string;
  force?: boolean;
  features: Translated<string[]>;
  image: Buffer;
  fileName?: string;
  /** YYYY-MM-DD for the update log (default today). */
  date?: string;
}

export function defaultFileName(kind: FirmwareKind, version: string, model = 'all'): string {
  return `${kind}-${model === 'all' ? '' : `${model}-`}${version}.bin`;
}

/** Stores the image under firmwareDir and records the release plus its update-log entry. */
export async function publishRelease(
  dbh: DbHandle,
  firmwareDir: string,
  input: PublishInput,
): Promise<FirmwareRelease> {
  const model = input.model ?? 'all';
  if (!VERSION_RE.test(input.version))
    throw new Error(`invalid version '${input.version}' (expected digits and dots, e.g. 2.30)`);
  if (!MODEL_RE.test(model)) throw new Error(`invalid model '${model}'`);
  const fileName = input.fileName ?? defaultFileName(input.kind, input.version, model);
  if (!FILE_NAME_RE.test(fileName) || fileName.includes('..'))
    throw new Error(`invalid file name '${fileName}'`);
  const existing = await dbh.db
    .selectFrom('firmware_release')
    .select('id')
    .where('kind', '=', input.kind)
    .where('model', '=', model)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (existing) throw new Error(`${input.kind} ${input.version} (model ${model}) is already published`);
  const clash = await dbh.db
    .selectFrom('firmware_release')
    .select('id')
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (clash) throw new Error(`file name '${fileName}' is already used by another release`);

  await fs.mkdir(firmwareDir, { recursive: true });
  const target = path.join(firmwareDir, fileName);
  const tmp = `${target}.tmp-${process.pid}`;
  await fs.writeFile(tmp, input.image);
  await fs.rename(tmp, target);

  const features = JSON.stringify(input.features);
  const row = await dbh.db
    .insertInto('firmware_release')
    .values({
      kind: input.kind,
      model,
      version: input.version,
      force: input.force ? 1 : 0,
      features,
      file_name: fileName,
      sha256: sha256Hex(input.image),
      size: input.image.length,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await dbh.db
    .insertInto('update_log')
    .values({ kind: input.kind, version: input.version, date: input.date ?? nowIso().slice(0, 10), features })
    .onConflict((oc) => oc.columns(['kind', 'version']).doUpdateSet({ features }))
    .execute();
  return row;
}

export async function listReleases(dbh: DbHandle, kind?: FirmwareKind): Promise<FirmwareRelease[]> {
  let q = dbh.db.selectFrom('firmware_release').selectAll();
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q.execute();
  return rows.sort((a, b) => a.kind.localeCompare(b.kind) || compareVersions(b.version, a.version));
}

/**
 * Releases of a kind usable by a model (its own plus 'all'), newest version first.
 * Without a model only the generic ('all') releases count.
 */
export async function releasesFor(
  dbh: DbHandle,
  kind: FirmwareKind,
  model?: string,
): Promise<FirmwareRelease[]> {
  let q = dbh.db.selectFrom('firmware_release').selectAll().where('kind', '=', kind);
  q = model ? q.where('model', 'in', [model, 'all']) : q.where('model', '=', 'all');
  const rows = await q.execute();
  return rows.sort((a, b) => compareVersions(b.version, a.version) || (a.model === 'all' ? 1 : -1));
}

export async function findByFileName(
  dbh: DbHandle,
  kind: FirmwareKind,
  fileName: string,
): Promise<FirmwareRelease | undefined> {
  return dbh.db
    .selectFrom('firmware_release')
    .selectAll()
    .where('kind', '=', kind)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

export async function removeRelease(dbh: DbHandle, firmwareDir: string, id: number): Promise<boolean> {
  const row = await dbh.db.selectFrom('firmware_release').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  await dbh.db.deleteFrom('firmware_release').where('id', '=', id).execute();
  await fs.rm(path.join(firmwareDir, row.file_name), { force: true });
  return true;
}

/** Reads an image file and checks it against the recorded SHA-256. */
export async function readReleaseFile(
  firmwareDir: string,
  rel: FirmwareRelease,
): Promise<Buffer | undefined> {
  if (!FILE_NAME_RE.test(rel.file_name) || rel.file_name.includes('..')) return undefined;
  try {
    const buf = await fs.readFile(path.join(firmwareDir, rel.file_name));
    return sha256Hex(buf) === rel.sha256 ? buf : undefined;
  } catch {
    return undefined;
  }
}
