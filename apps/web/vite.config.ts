import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { families } from './families.js';

// The emulator is compiled in only when WALLET_EMULATOR is not '0' at build time
// (the start command's local profile); a production build sets WALLET_EMULATOR=0 and
// the emulator code is dropped as dead code.
const emulatorEnabled = process.env.WALLET_EMULATOR !== '0';

/**
 * Old CommonJS dependencies of the SecuX SDK (google-protobuf, bignumber.js, lodash) find the
 * global object with `Function('return this')()`, which a CSP without 'unsafe-eval' forbids.
 * `globalThis` is the same object, so the bundle is rewritten to use it.
 */
function noEvalGlobal(): Plugin {
  const pattern = /Function\(\s*(['"`])return this\1\s*\)\(\)/g;
  return {
    name: 'no-eval-global',
    transform(code, id) {
      if (!id.includes('node_modules') || !code.includes('return this')) return null;
      const out = code.replace(pattern, 'globalThis');
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * groestl-hash-js (GRS hashing, used by SecuX's app-btc for GRS keys and addresses, and by chain-bitcoin) reads
 * `this.hi` inside a plain function. In Node's sloppy CommonJS `this` is the global object, `this.hi` is undefined and
 * `undefined << n` is 0, so the hash is right; in the browser bundle (strict ES modules) `this` is undefined and every
 * GRS hash threw "Cannot read properties of undefined (reading 'hi')": GRS accounts could not even be listed. The
 * expression is replaced by the 0 it always was (the byte lies wholly in the low word on that branch).
 */
export function strictGroestl(): Plugin {
  const pattern = 'toMoveDown = this.hi << bitsOff32 >>> bitsOff32';
  return {
    name: 'strict-groestl',
    transform(code, id) {
      if (!/groestl-hash-js[\\/]lib[\\/]groestl\.js$/.test(id)) return null;
      if (!code.includes(pattern))
        throw new Error(`groestl-hash-js changed: '${pattern}' not found in ${id}`);
      return { code: code.replace(pattern, 'toMoveDown = 0'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), noEvalGlobal(), strictGroestl(), families()],
  resolve: {
    alias: {
      threads: fileURLToPath(new URL('./src/device/stubs/threads.ts', import.meta.url)),
      // The SecuX XRP SDK's hashing dependency reads require('stream').Transform while signing; Vite would give
      // the browser an empty 'stream' module, so signing failed with "reading 'call'" of undefined.
      stream: 'readable-stream',
    },
  },
  define: {
    __EMULATOR_ENABLED__: JSON.stringify(emulatorEnabled),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
