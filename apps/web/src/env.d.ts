/// <reference types="vite/client" />
declare const __EMULATOR_ENABLED__: boolean;
