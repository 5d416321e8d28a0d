/** `banner show | set`: the home page banner (the latest row). */
import { nowIso } from '../db/index.js';
import { one, translated } from './args.js';
import type { Command } from './context.js';

export const banner: Command = async ({ args, sub, db, out }) => {
  const d = db().db;
  const current = await d.selectFrom('banner').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (sub === 'show') {
    out(current ? JSON.stringify(current, null, 2) : 'no banner');
    return true;
  }
  if (sub === 'set') {
    const enable = args.flags.has('enable')
      ? 1
      : args.flags.has('disable')
        ? 0
        : (current?.enable_banner ?? 0);
    const alt = translated(args, 'alt', false);
    const values = {
      enable_banner: enable,
      web_uri: one(args, 'web-uri') ?? current?.web_uri ?? '',
      image_web: one(args, 'image-web') ?? current?.image_web ?? '',
      image_android: one(args, 'image-android') ?? current?.image_android ?? '',
      alt: Object.keys(alt).length ? JSON.stringify(alt) : (current?.alt ?? '{}'),
      updated_at: nowIso(),
    };
    if (current) await d.updateTable('banner').set(values).where('id', '=', current.id).execute();
    else await d.insertInto('banner').values(values).execute();
    out('banner updated');
    return true;
  }
  return false;
};
