/**
 * Sample data for the local profile, written only into empty tables (idempotent, safe at every start, and safe when
 * several instances start at once against one PostgreSQL database: they seed one after the other).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import { nowIso } from './db/index.js';
import { sql } from 'kysely';
import { buildSampleImage } from './firmware/image.js';
import { publishRelease } from './firmware/store.js';

const j = JSON.stringify;

export const SAMPLE_RELEASES = [
  {
    kind: 'mcu' as const,
    version: '2.30',
    date: '2025-03-10',
    features: {
      en: [
        'Support for more EVM networks',
        'Faster account synchronisation',
        'Bug fixes and stability improvements',
      ],
      'zh-TW': ['支援更多 EVM 網路', '加快帳戶同步速度', '錯誤修正與穩定性提升'],
      pt: [
        'Suporte a mais redes EVM',
        'Sincronização de contas mais rápida',
        'Correções de erros e melhorias de estabilidade',
      ],
    },
  },
  {
    kind: 'se' as const,
    version: '1.97',
    date: '2025-03-10',
    features: {
      en: ['Secure element update with improved signing performance'],
      'zh-TW': ['安全晶片更新，提升簽署效能'],
      pt: ['Atualização do elemento seguro com desempenho de assinatura melhorado'],
    },
  },
  {
    kind: 'se' as const,
    version: '1.96',
    date: '2024-11-04',
    features: {
      en: ['Secure element update adding FIO support'],
      'zh-TW': ['安全晶片更新，新增 FIO 支援'],
      pt: ['Atualização do elemento seguro com suporte a FIO'],
    },
  },
];

/** Seeds sample firmware releases (and their image files) when the firmware table is empty. */
export async function seedFirmware(dbh: DbHandle, firmwareDir: string): Promise<number> {
  const any = await dbh.db.selectFrom('firmware_release').select('id').limit(1).executeTakeFirst();
  if (any) {
    // Re-create a deleted sample file (the images are deterministic), so a wiped firmware dir heals itself.
    for (const s of SAMPLE_RELEASES) {
      const row = await dbh.db
        .selectFrom('firmware_release')
        .select('file_name')
        .where('kind', '=', s.kind)
        .where('version', '=', s.version)
        .where('model', '=', 'all')
        .executeTakeFirst();
      if (row && !fs.existsSync(path.join(firmwareDir, row.file_name))) {
        fs.mkdirSync(firmwareDir, { recursive: true });
        fs.writeFileSync(path.join(firmwareDir, row.file_name), buildSampleImage(s.kind, s.version));
      }
    }
    return 0;
  }
  for (const s of SAMPLE_RELEASES) {
    await publishRelease(dbh, firmwareDir, { ...s, image: buildSampleImage(s.kind, s.version) });
  }
  return SAMPLE_RELEASES.length;
}

export async function seedContent(dbh: DbHandle): Promise<void> {
  const now = nowIso();
  const hasNews = await dbh.db.selectFrom('news').select('id').limit(1).executeTakeFirst();
  if (!hasNews) {
    await dbh.db
      .insertInto('news')
      .values([
        {
          date: '2025-03-10',
          title: j({
            en: 'Firmware 2.30 is available',
            'zh-TW': '韌體 2.30 已推出',
            pt: 'Firmware 2.30 disponível',
          }),
          content: j({
            en: 'Connect your device over USB and open the update tab to install MCU firmware 2.30.',
            'zh-TW': '請以 USB 連接裝置並開啟更新頁面以安裝 MCU 韌體 2.30。',
            pt: 'Conecte o dispositivo via USB e abra a aba de atualização para instalar o firmware MCU 2.30.',
          }),
          created_at: now,
        },
        {
          date: '2025-02-01',
          title: j({ en: 'More EVM networks', 'zh-TW': '更多 EVM 網路', pt: 'Mais redes EVM' }),
          content: j({
            en: 'You can now add any EVM network from the chain list in the EVM area.',
            'zh-TW': '現在可以從 EVM 區域的鏈清單新增任何 EVM 網路。',
            pt: 'Agora você pode adicionar qualquer rede EVM a partir da lista de redes na área EVM.',
          }),
          created_at: now,
        },
        {
          date: '2024-12-15',
          title: j({
            en: 'Keep your recovery words safe',
            'zh-TW': '妥善保管您的助記詞',
            pt: 'Guarde suas palavras de recuperação',
          }),
          content: j({
            en: 'Never type your recovery words into a computer or phone. We will never ask for them.',
            'zh-TW': '切勿在電腦或手機上輸入助記詞，我們絕不會向您索取。',
            pt: 'Nunca digite suas palavras de recuperação em um computador ou celular. Nunca pediremos por elas.',
          }),
          created_at: now,
        },
        {
          date: '2024-11-04',
          title: j({ en: 'Secure element 1.96', 'zh-TW': '安全晶片 1.96', pt: 'Elemento seguro 1.96' }),
          content: j({
            en: 'The secure element update 1.96 adds FIO support.',
            'zh-TW': '安全晶片 1.96 更新新增 FIO 支援。',
            pt: 'A atualização 1.96 do elemento seguro adiciona suporte a FIO.',
          }),
          created_at: now,
        },
        {
          date: '2024-09-20',
          title: j({
            en: 'Welcome to the companion wallet',
            'zh-TW': '歡迎使用隨附錢包',
            pt: 'Bem-vindo à carteira complementar',
          }),
          content: j({
            en: 'Manage the accounts of your hardware wallet from the browser.',
            'zh-TW': '在瀏覽器中管理您的硬體錢包帳戶。',
            pt: 'Gerencie as contas da sua carteira de hardware pelo navegador.',
          }),
          created_at: now,
        },
      ])
      .execute();
  }
  const hasBanner = await dbh.db.selectFrom('banner').select('id').limit(1).executeTakeFirst();
  if (!hasBanner) {
    await dbh.db
      .insertInto('banner')
      .values({
        enable_banner: 1,
        web_uri: 'https://secuxtech.com/',
        image_web: '/banner/web.svg',
        image_android: '/banner/android.svg',
        alt: j({
          en: 'SecuX hardware wallets',
          'zh-TW': 'SecuX 硬體錢包',
          pt: 'Carteiras de hardware SecuX',
        }),
        updated_at: now,
      })
      .execute();
  }
  const hasFaq = await dbh.db.selectFrom('faq').select('id').limit(1).executeTakeFirst();
  if (!hasFaq) {
    await dbh.db
      .insertInto('faq')
      .values([
        {
          position: 1,
          question: j({
            en: 'Which browsers are supported?',
            'zh-TW': '支援哪些瀏覽器？',
            pt: 'Quais navegadores são suportados?',
          }),
          answer: j({
            en: 'Chrome-based browsers version 70 or later, on desktop and Android.',
            'zh-TW': '桌面與 Android 上 70 版以上的 Chrome 系瀏覽器。',
            pt: 'Navegadores baseados no Chrome versão 70 ou superior, no desktop e Android.',
          }),
        },
        {
          position: 2,
          question: j({
            en: 'Does the server see my keys?',
            'zh-TW': '伺服器會看到我的私鑰嗎？',
            pt: 'O servidor vê minhas chaves?',
          }),
          answer: j({
            en: 'No. Keys never leave the device; every signature is confirmed on the device.',
            'zh-TW': '不會。私鑰永遠不會離開裝置，每筆簽署都需在裝置上確認。',
            pt: 'Não. As chaves nunca saem do dispositivo; toda assinatura é confirmada no dispositivo.',
          }),
        },
        {
          position: 3,
          question: j({
            en: 'How do I update the firmware?',
            'zh-TW': '如何更新韌體？',
            pt: 'Como atualizo o firmware?',
          }),
          answer: j({
            en: 'Connect over USB, open Settings and follow the MCU then SE update steps. Have your recovery words ready.',
            'zh-TW': '以 USB 連接後開啟設定，依序完成 MCU 與 SE 更新，並準備好助記詞。',
            pt: 'Conecte via USB, abra Configurações e siga as etapas de atualização MCU e SE. Tenha suas palavras de recuperação em mãos.',
          }),
        },
      ])
      .execute();
  }
  // Older update-log entries (the sample releases add their own entries when published).
  const older = [
    {
      kind: 'mcu' as const,
      version: '2.28',
      date: '2024-10-01',
      en: 'Solana token support',
      zh: '支援 Solana 代幣',
      pt: 'Suporte a tokens Solana',
    },
    {
      kind: 'mcu' as const,
      version: '2.24',
      date: '2024-05-02',
      en: 'EVM network support',
      zh: '支援 EVM 網路',
      pt: 'Suporte a redes EVM',
    },
    {
      kind: 'se' as const,
      version: '1.94',
      date: '2024-04-12',
      en: 'Solana signing support',
      zh: '支援 Solana 簽署',
      pt: 'Suporte a assinatura Solana',
    },
  ];
  for (const o of hasNews ? [] : older) {
    await dbh.db
      .insertInto('update_log')
      .values({
        kind: o.kind,
        version: o.version,
        date: o.date,
        features: j({ en: [o.en], 'zh-TW': [o.zh], pt: [o.pt] }),
      })
      .onConflict((oc) => oc.columns(['kind', 'version']).doNothing())
      .execute();
  }
}

/** PostgreSQL advisory lock key held while seeding (any constant of our own; Kysely's migrator uses another). */
const SEED_LOCK_ID = 0x5ec0_5eed;

/**
 * Runs `fn` while holding a database-wide lock on PostgreSQL, so instances starting together do not both find the
 * tables empty and seed twice. SQLite is one process's file: no lock needed.
 */
async function withSeedLock(dbh: DbHandle, fn: (dbh: DbHandle) => Promise<void>): Promise<void> {
  if (dbh.kind !== 'postgres') return fn(dbh);
  await dbh.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK_ID})`.execute(conn);
    try {
      await fn({ ...dbh, db: conn });
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK_ID})`.execute(conn);
    }
  });
}

export async function seedIfEmpty(dbh: DbHandle, config: Config): Promise<void> {
  if (!config.seedSamples) return;
  await withSeedLock(dbh, async (h) => {
    await seedFirmware(h, config.firmwareDir);
    await seedContent(h);
  });
}
