/** Firmware commands: publish, list, unpublish, sample-image, verify-image. */
import fs from 'node:fs';
import path from 'node:path';
import { buildSampleImage, parseImage } from '../firmware/image.js';
import { listReleases, publishRelease, removeRelease } from '../firmware/store.js';
import { dateOf, intOf, kindOf, one, translatedList, UsageError } from './args.js';
import type { Command } from './context.js';

export const publish: Command = async ({ args, config, db, out }) => {
  const kind = kindOf(one(args, 'kind', true));
  const file = one(args, 'file', true);
  if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file}`);
  const features = translatedList(args, 'features');
  if (!features.en) throw new UsageError('--features-en is required (at least one)');
  const rel = await publishRelease(db(), config.firmwareDir, {
    kind,
    version: one(args, 'version', true),
    model: one(args, 'model'),
    force: args.flags.has('force'),
    features,
    image: fs.readFileSync(file),
    fileName: one(args, 'file-name'),
    date: dateOf(one(args, 'date')),
  });
  out(
    `published ${rel.kind} ${rel.version} (model ${rel.model}) as ${rel.file_name}, ${rel.size} bytes, sha256 ${rel.sha256}${rel.force ? ', FORCE' : ''}`,
  );
  return true;
};

export const list: Command = async ({ args, db, out }) => {
  const k = one(args, 'kind');
  const rows = await listReleases(db(), k ? kindOf(k) : undefined);
  if (!rows.length) out('no firmware releases');
  for (const r of rows)
    out(
      `#${r.id}\t${r.kind}\t${r.version}\tmodel=${r.model}\t${r.force ? 'force' : '-'}\t${r.file_name}\t${r.size}\t${r.sha256}\t${r.created_at}`,
    );
  return true;
};

export const unpublish: Command = async ({ args, config, db, out }) => {
  const ok = await removeRelease(db(), config.firmwareDir, intOf(one(args, 'id', true), 'id'));
  out(ok ? 'removed' : 'no such release');
  return true;
};

export const sampleImage: Command = async ({ args, out }) => {
  const kind = kindOf(one(args, 'kind', true));
  const outFile = one(args, 'out', true);
  const buf = buildSampleImage(kind, one(args, 'version', true));
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  fs.writeFileSync(outFile, buf);
  out(`wrote ${outFile} (${buf.length} bytes)`);
  return true;
};

export const verifyImage: Command = async ({ args, out }) => {
  const img = parseImage(fs.readFileSync(one(args, 'file', true)));
  out(`valid SECUXFW1 image: ${img.kind} ${img.version}, payload ${img.payload.length} bytes`);
  return true;
};
