/** Pluggable persistence of the device's account/token table. */

export interface AccountRecord {
  isToken: boolean;
  /** 16-bit chain id field as sent by the host (0xffff means: see chainId64) */
  chainId: number;
  /** full chain id (decimal string) when it does not fit 16 bits */
  chainId64?: string;
  /** purpose, coin type, account (raw uint32, hardened bit included) */
  path: [number, number, number];
  /** 32-byte balance field exactly as written by the host (hex) */
  balance: string;
  name: string;
  /** token contract (empty for plain accounts) */
  contract: string;
  decimal: number;
}

export interface AccountStorage {
  load(): Promise<AccountRecord[]>;
  /** must replace the whole table atomically */
  save(records: AccountRecord[]): Promise<void>;
  /** Firmware state kept like a real device's flash (optional: without it the state lasts one instance). */
  loadFirmware?(): Promise<FirmwareState | null>;
  saveFirmware?(state: FirmwareState): Promise<void>;
}

/** What survives a power cycle besides the account table: versions and the bootloader modes. */
export interface FirmwareState {
  mcuVersion: string;
  seVersion: string;
  mcuBootloader: boolean;
  seBootloader: boolean;
}

export class MemoryStorage implements AccountStorage {
  #records: AccountRecord[];
  #firmware: FirmwareState | null = null;
  constructor(initial: AccountRecord[] = []) {
    this.#records = structuredClone(initial);
  }
  async loadFirmware(): Promise<FirmwareState | null> {
    return this.#firmware ? { ...this.#firmware } : null;
  }
  async saveFirmware(state: FirmwareState): Promise<void> {
    this.#firmware = { ...state };
  }
  async load(): Promise<AccountRecord[]> {
    return structuredClone(this.#records);
  }
  async save(records: AccountRecord[]): Promise<void> {
    this.#records = structuredClone(records);
  }
}

/** Browser persistence: one IndexedDB object store, the table written in a single transaction. */
export class IndexedDbStorage implements AccountStorage {
  constructor(
    readonly dbName = 'secux-emulator',
    readonly key = 'accounts',
  ) {}

  #open(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(this.dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('tables');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  async #get<T>(key: string): Promise<T | undefined> {
    const db = await this.#open();
    try {
      return await new Promise((resolve, reject) => {
        const req = db.transaction('tables', 'readonly').objectStore('tables').get(key);
        req.onsuccess = () => resolve(req.result as T | undefined);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }

  async #put(key: string, value: unknown): Promise<void> {
    const db = await this.#open();
    try {
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('tables', 'readwrite');
        tx.objectStore('tables').put(value, key);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }

  async load(): Promise<AccountRecord[]> {
    return (await this.#get<AccountRecord[]>(this.key)) ?? [];
  }

  async save(records: AccountRecord[]): Promise<void> {
    await this.#put(this.key, records);
  }

  /** Stored beside the table, under `<key>:firmware`. */
  async loadFirmware(): Promise<FirmwareState | null> {
    return (await this.#get<FirmwareState>(`${this.key}:firmware`)) ?? null;
  }

  async saveFirmware(state: FirmwareState): Promise<void> {
    await this.#put(`${this.key}:firmware`, state);
  }
}

export function recordKey(r: Pick<AccountRecord, 'path' | 'chainId' | 'chainId64' | 'contract'>): string {
  const chain = r.chainId === 0xffff && r.chainId64 ? r.chainId64 : String(r.chainId);
  return `${r.path.join('/')}|${chain}|${r.contract.toLowerCase()}`;
}
