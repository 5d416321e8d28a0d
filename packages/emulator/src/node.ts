/** Node-only helpers (JSON-file persistence). Import from '@secux-companion/emulator/node'. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AccountRecord, AccountStorage } from './storage.js';

export class JsonFileStorage implements AccountStorage {
  constructor(readonly file: string) {}

  async load(): Promise<AccountRecord[]> {
    try {
      const data = JSON.parse(await fs.readFile(this.file, 'utf8')) as { accounts?: AccountRecord[] };
      return Array.isArray(data.accounts) ? data.accounts : [];
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  /** write-then-rename, so a crash never leaves a half-written table */
  async save(records: AccountRecord[]): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, JSON.stringify({ version: 1, accounts: records }, null, 2));
    await fs.rename(tmp, this.file);
  }
}
