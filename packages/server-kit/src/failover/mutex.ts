/** Serialises calls (e.g. Bitcoin Core's scantxoutset allows one scan at a time). */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise((r) => (release = r));
    try {
      await prev;
      return await fn();
    } finally {
      release();
    }
  }
}
