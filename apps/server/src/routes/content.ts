/**
 * Content and remote config (spec 01 §7): news, banner, MCU/SE update logs, FAQ, /api/config.
 * `?lang=en|zh-TW|pt` picks the translated fields (falling back to English).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { isLang, parseTranslated, pick } from '../content/i18n.js';
import { readRemoteConfig } from '../content/remote-config.js';
import { parseInput } from '@secux-companion/server-kit/errors';
import { compareVersions } from '../firmware/image.js';

const LangQuery = z.object({
  lang: z.string().refine(isLang, { message: "must be 'en', 'zh-TW' or 'pt'" }).default('en'),
});
const NewsQuery = LangQuery.extend({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { message: 'must be a whole number 1..100' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, { message: 'must be a whole number 1..100' })
    .optional(),
});

/** YYYY-MM-DD -> MM/DD/YYYY (the display format of spec 01 §3). */
const displayDate = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : d;

export function registerContentRoutes(api: FastifyInstance, { dbh }: AppDeps): void {
  api.get('/content/news', async (req) => {
    const q = parseInput(NewsQuery, req.query, 'query');
    const cfg = await readRemoteConfig(dbh);
    const limit = q.limit ?? (Number.isInteger(cfg.shownNewsCount) ? cfg.shownNewsCount : 4);
    const rows = await dbh.db
      .selectFrom('news')
      .selectAll()
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return {
      lang: q.lang,
      news: rows.map((r) => ({
        id: r.id,
        date: r.date,
        displayDate: displayDate(r.date),
        title: pick(parseTranslated<string>(r.title), q.lang, ''),
        content: pick(parseTranslated<string>(r.content), q.lang, ''),
        // A page to read more, only when the item has one (admin `news add --link`, https only).
        ...(r.link && /^https:\/\/\S+$/.test(r.link) ? { link: r.link } : {}),
      })),
    };
  });

  api.get('/content/banner', async (req) => {
    const q = parseInput(LangQuery, req.query, 'query');
    const r = await dbh.db.selectFrom('banner').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!r) return { enableBanner: false, webUri: '', image: { web: '', android: '' }, alt: '' };
    return {
      enableBanner: r.enable_banner === 1,
      webUri: r.web_uri,
      image: { web: r.image_web, android: r.image_android },
      alt: pick(parseTranslated<string>(r.alt), q.lang, ''),
    };
  });

  const updateLog = (kind: 'mcu' | 'se') => async (req: { query: unknown }) => {
    const q = parseInput(LangQuery, req.query, 'query');
    const rows = await dbh.db.selectFrom('update_log').selectAll().where('kind', '=', kind).execute();
    rows.sort((a, b) => compareVersions(b.version, a.version));
    return {
      lang: q.lang,
      logs: rows.map((r) => {
        const features = pick(parseTranslated<string[] | string>(r.features), q.lang, []);
        const list = Array.isArray(features) ? features : [features];
        // MCU records carry a list of features; SE records a single text (spec 01 §3).
        return {
          version: r.version,
          date: r.date,
          displayDate: displayDate(r.date),
          features: kind === 'mcu' ? list : list.join('\n'),
        };
      }),
    };
  };
  api.get('/content/mcu-log', updateLog('mcu'));
  api.get('/content/se-log', updateLog('se'));

  api.get('/content/faq', async (req) => {
    const q = parseInput(LangQuery, req.query, 'query');
    const rows = await dbh.db
      .selectFrom('faq')
      .selectAll()
      .orderBy('position', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return {
      lang: q.lang,
      faq: rows.map((r) => ({
        id: r.id,
        question: pick(parseTranslated<string>(r.question), q.lang, ''),
        answer: pick(parseTranslated<string>(r.answer), q.lang, ''),
      })),
    };
  });

  api.get('/config', async (req, reply) => {
    parseInput(LangQuery, req.query, 'query');
    const cfg = await readRemoteConfig(dbh);
    reply.header('cache-control', 'no-cache');
    return cfg;
  });
}
