/**
 * Must be imported before any @secux/* module.
 * @secux/utility defines a read-only property on `process.env` at import time, which throws
 * under Node 20 (process.env is an exotic object). Replace it with a plain copy first.
 * In the browser the web app provides `Buffer` and `process` globals (shims).
 */
const g = globalThis as { process?: { env?: Record<string, string | undefined> } };
if (g.process) {
  try {
    g.process.env = { ...(g.process.env ?? {}) };
  } catch {
    /* frozen shim: nothing to do */
  }
}
export {};
