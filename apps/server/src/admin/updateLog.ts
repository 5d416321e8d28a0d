/** `log list | add | delete`: the firmware update log. */
import { nowIso } from '../db/index.js';
import { dateOf, kindOf, one, translatedList, UsageError } from './args.js';
import type { Command } from './context.js';

export const updateLog: Command = async ({ args, sub, db, out }) => {
  const d = db().db;
  if (sub === 'list') {
    const k = one(args, 'kind');
    let q = d.selectFrom('update_log').selectAll();
    if (k) q = q.where('kind', '=', kindOf(k));
    for (const r of await q.orderBy('kind').orderBy('date', 'desc').execute())
      out(`${r.kind}\t${r.version}\t${r.date}\t${r.features}`);
    return true;
  }
  if (sub === 'add') {
    const kind = kindOf(one(args, 'kind', true));
    const version = one(args, 'version', true);
    const features = translatedList(args, 'features');
    if (!features.en) throw new UsageError('--features-en is required');
    const json = JSON.stringify(features);
    await d
      .insertInto('update_log')
      .values({ kind, version, date: dateOf(one(args, 'date')) ?? nowIso().slice(0, 10), features: json })
      .onConflict((oc) => oc.columns(['kind', 'version']).doUpdateSet({ features: json }))
      .execute();
    out(`update log ${kind} ${version} saved`);
    return true;
  }
  if (sub === 'delete') {
    const r = await d
      .deleteFrom('update_log')
      .where('kind', '=', kindOf(one(args, 'kind', true)))
      .where('version', '=', one(args, 'version', true))
      .executeTakeFirst();
    out(Number(r.numDeletedRows) ? 'deleted' : 'no such log entry');
    return true;
  }
  return false;
};
