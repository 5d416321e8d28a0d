/**
 * Firmware host (spec 01 §7 "Firmware and content calls"), under /api/firmware.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { isLang, parseTranslated, pick } from '../content/i18n.js';
import type { FirmwareRelease } from '../db/schema.js';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { compareVersions } from '../firmware/image.js';
import {
  FILE_NAME_RE,
  MODEL_RE,
  VERSION_RE,
  findByFileName,
  readReleaseFile,
  releasesFor,
} from '../firmware/store.js';

const version = z.string().trim().regex(VERSION_RE, { message: 'must be a version like 2.30' });
const model = z.string().trim().regex(MODEL_RE, { message: 'must be 1-32 letters, digits, _ or -' });
const lang = z.string().refine(isLang, { message: "must be 'en', 'zh-TW' or 'pt'" }).default('en');

const LatestQuery = z.object({ mcu: version.optional(), model: model.optional(), lang });
const LatestParams = z.object({ id: z.string().max(64) });
const DownloadMcuQuery = z.object({ version: version.optional(), model: model.optional() });
const DownloadSeBody = z.object({
  fileName: z
    .string()
    .regex(FILE_NAME_RE, { message: 'must be a plain file name (letters, digits, . _ -)' })
    .refine((s) => !s.includes('..'), { message: 'must not contain ..' }),
});

export type McuStatus = 'noNeed' | 'welcome' | 'force';

/**
 * Update decision for a device MCU version (compared on major.minor):
 * noNeed when already at or above the latest; force when any newer release is marked force; else welcome.
 */
export function mcuDecision(releases: FirmwareRelease[], deviceMcu: string | undefined) {
  const latest = releases[0];
  if (!latest) return undefined;
  if (deviceMcu === undefined) return { latest, forceUpdate: latest.force === 1, status: null };
  const newer = releases.filter((r) => compareVersions(r.version, deviceMcu, 2) > 0);
  const forceUpdate = newer.some((r) => r.force === 1);
  const status: McuStatus = newer.length === 0 ? 'noNeed' : forceUpdate ? 'force' : 'welcome';
  return { latest, forceUpdate, status };
}

export function registerFirmwareRoutes(api: FastifyInstance, { dbh, config }: AppDeps): void {
  async function latestInfo(q: z.output<typeof LatestQuery>) {
    const mcu = await releasesFor(dbh, 'mcu', q.model);
    const decision = mcuDecision(mcu, q.mcu);
    if (!decision) throw new HttpError(404, 'no MCU firmware has been published');
    const se = (await releasesFor(dbh, 'se', q.model))[0];
    const { latest } = decision;
    return {
      latestFirmwareVersion: latest.version,
      forceUpdate: decision.forceUpdate,
      status: decision.status,
      deviceMcuVersion: q.mcu ?? null,
      features: pick(parseTranslated<string[]>(latest.features), q.lang, []),
      fileName: latest.file_name,
      sha256: latest.sha256,
      size: latest.size,
      releasedAt: latest.created_at,
      latestSeVersion: se?.version ?? null,
      seFileName: se?.file_name ?? null,
    };
  }

  api.get('/firmware/latest', async (req) => latestInfo(parseInput(LatestQuery, req.query, 'query')));

  // :id is the device's MCU version (e.g. /firmware/latest/2.24) or a device model (e.g. /firmware/latest/V20).
  api.get('/firmware/latest/:id', async (req) => {
    const { id } = parseInput(LatestParams, req.params, 'path');
    const q = parseInput(LatestQuery, req.query, 'query');
    if (VERSION_RE.test(id)) return latestInfo({ ...q, mcu: id });
    if (MODEL_RE.test(id)) return latestInfo({ ...q, model: id });
    throw new HttpError(400, 'invalid path: id must be an MCU version like 2.24 or a device model like V20');
  });

  api.get('/firmware/downloadMcu', async (req, reply) => {
    const q = parseInput(DownloadMcuQuery, req.query, 'query');
    const releases = await releasesFor(dbh, 'mcu', q.model);
    const rel = q.version ? releases.find((r) => compareVersions(r.version, q.version!) === 0) : releases[0];
    if (!rel)
      throw new HttpError(
        404,
        q.version ? `MCU firmware ${q.version} not found` : 'no MCU firmware has been published',
      );
    const buf = await readReleaseFile(config.firmwareDir, rel);
    if (!buf)
      throw new HttpError(404, `MCU firmware ${rel.version} image is missing or damaged on the server`);
    return sendImage(reply, rel, buf);
  });

  api.post('/firmware/downloadSE', async (req, reply) => {
    const { fileName } = parseInput(DownloadSeBody, req.body, 'body');
    const rel = await findByFileName(dbh, 'se', fileName);
    if (!rel) throw new HttpError(404, `SE firmware '${fileName}' not found`);
    const buf = await readReleaseFile(config.firmwareDir, rel);
    if (!buf) throw new HttpError(404, `SE firmware '${fileName}' image is missing or damaged on the server`);
    return sendImage(reply, rel, buf);
  });
}

function sendImage(reply: import('fastify').FastifyReply, rel: FirmwareRelease, buf: Buffer) {
  return reply
    .type('application/octet-stream')
    .header('content-disposition', `attachment; filename="${rel.file_name}"`)
    .header('cache-control', 'no-cache')
    .header('x-firmware-kind', rel.kind)
    .header('x-firmware-version', rel.version)
    .header('x-firmware-sha256', rel.sha256)
    .send(buf);
}
