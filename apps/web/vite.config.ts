import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The emulator is compiled in only when WALLET_EMULATOR is not '0' at build time
// (the start command's local profile); a production build sets WALLET_EMULATOR=0 and
// the emulator code is dropped as dead code.
const emulatorEnabled = process.env.WALLET_EMULATOR !== '0';

export default defineConfig({
  plugins: [react()],
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
