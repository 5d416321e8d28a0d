/** `faq list | add | delete`. */
import { intOf, one, translated } from './args.js';
import type { Command } from './context.js';
import { deleteById } from './news.js';

export const faq: Command = async ({ args, sub, db, out }) => {
  const d = db().db;
  if (sub === 'list') {
    for (const r of await d.selectFrom('faq').selectAll().orderBy('position').execute())
      out(`#${r.id}\t${r.position}\t${r.question}`);
    return true;
  }
  if (sub === 'add') {
    const position = one(args, 'position');
    const r = await d
      .insertInto('faq')
      .values({
        position: position ? intOf(position, 'position') : 100,
        question: JSON.stringify(translated(args, 'question', true)),
        answer: JSON.stringify(translated(args, 'answer', true)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out(`added faq #${r.id}`);
    return true;
  }
  if (sub === 'delete') {
    out(await deleteById(d, 'faq', args));
    return true;
  }
  return false;
};
