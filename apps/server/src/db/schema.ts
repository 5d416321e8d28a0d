/**
 * Database schema shared by SQLite and PostgreSQL.
 *
 * Portability rules: booleans are INTEGER 0/1, JSON is TEXT (serialised by the app), timestamps are ISO-8601 TEXT,
 * surrogate ids are integer auto-increment (INTEGER PRIMARY KEY AUTOINCREMENT / SERIAL).
 */
import type { Generated, Insertable, Selectable } from 'kysely';

/** Text translated per UI language, stored as JSON: {"en": "...", "zh-TW": "...", "pt": "..."}. */
export type Translated<T = string> = Partial<Record<Lang, T>>;
export const LANGS = ['en', 'zh-TW', 'pt'] as const;
export type Lang = (typeof LANGS)[number];

export interface FirmwareReleaseTable {
  id: Generated<number>;
  kind: 'mcu' | 'se';
  /** Device model the image is for; 'all' when it fits every model. */
  model: string;
  version: string;
  force: number;
  /** JSON Translated<string[]> (MCU: list of features; SE: a one-element list). */
  features: string;
  file_name: string;
  sha256: string;
  size: number;
  created_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  /** YYYY-MM-DD */
  date: string;
  /** JSON Translated */
  title: string;
  /** JSON Translated */
  content: string;
  /** A page to read more (https), or null: the app shows a link out only when there is one (migration 0002). */
  link: string | null;
  created_at: string;
}

export interface BannerTable {
  id: Generated<number>;
  enable_banner: number;
  web_uri: string;
  image_web: string;
  image_android: string;
  /** JSON Translated alt text */
  alt: string;
  updated_at: string;
}

export interface FaqTable {
  id: Generated<number>;
  position: number;
  /** JSON Translated */
  question: string;
  /** JSON Translated */
  answer: string;
}

export interface UpdateLogTable {
  id: Generated<number>;
  kind: 'mcu' | 'se';
  version: string;
  /** YYYY-MM-DD */
  date: string;
  /** JSON Translated<string[]> */
  features: string;
}

export interface RemoteConfigTable {
  key: string;
  /** JSON value */
  value: string;
  updated_at: string;
}

export interface TxLogTable {
  id: Generated<number>;
  hash: string;
  chain: string;
  /** JSON context as posted by the client (never the client IP). */
  context: string;
  created_at: string;
}

export interface Database {
  firmware_release: FirmwareReleaseTable;
  news: NewsTable;
  banner: BannerTable;
  faq: FaqTable;
  update_log: UpdateLogTable;
  remote_config: RemoteConfigTable;
  tx_log: TxLogTable;
}

export type FirmwareRelease = Selectable<FirmwareReleaseTable>;
export type NewFirmwareRelease = Insertable<FirmwareReleaseTable>;
export type News = Selectable<NewsTable>;
