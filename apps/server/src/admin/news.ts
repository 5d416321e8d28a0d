/** `news list | add | delete`, and the delete by --id that `faq delete` shares. */
import type { Db } from '../db/index.js';
import { nowIso } from '../db/index.js';
import { dateOf, intOf, newsLink, one, translated, type ParsedArgs } from './args.js';
import type { Command } from './context.js';

/** `news delete` / `faq delete`: removes the row given by --id and says whether there was one. */
export async function deleteById(d: Db, table: 'news' | 'faq', args: ParsedArgs): Promise<string> {
  const r = await d
    .deleteFrom(table)
    .where('id', '=', intOf(one(args, 'id', true), 'id'))
    .executeTakeFirst();
  return Number(r.numDeletedRows) ? 'deleted' : `no such ${table} item`;
}

export const news: Command = async ({ args, sub, db, out }) => {
  const d = db().db;
  if (sub === 'list') {
    const rows = await d.selectFrom('news').selectAll().orderBy('date', 'desc').execute();
    for (const r of rows) out(`#${r.id}\t${r.date}\t${r.title}${r.link ? `\t${r.link}` : ''}`);
    return true;
  }
  if (sub === 'add') {
    const date = dateOf(one(args, 'date')) ?? nowIso().slice(0, 10);
    const r = await d
      .insertInto('news')
      .values({
        date,
        title: JSON.stringify(translated(args, 'title', true)),
        content: JSON.stringify(translated(args, 'content', true)),
        link: newsLink(one(args, 'link')),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out(`added news #${r.id}`);
    return true;
  }
  if (sub === 'delete') {
    out(await deleteById(d, 'news', args));
    return true;
  }
  return false;
};
