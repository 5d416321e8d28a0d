export {
  SecuxEmulator, StatusWord, SeMode, MODEL_ID, PACKET_SIZE,
  type EmulatorConfig, type EmulatorLink, type EmulatorState, type LinkHandlers, type LinkKind, type DeviceModel,
} from './emulator.js';
export {
  VirtualScreen, type ScreenPrompt, type PromptKind, type PromptLine, type Decision, type ScreenListener,
  type VirtualScreenOptions,
} from './screen.js';
export { MemoryStorage, IndexedDbStorage, type AccountRecord, type AccountStorage, type FirmwareState } from './storage.js';
export { configFromEnv } from './config.js';
export { checkFirmwareImage, buildFirmwareImage, FIRMWARE_MAGIC, FirmwareKind, type FirmwareCheck, type FirmwareKindName } from './firmware.js';
export { DEFAULT_MNEMONIC } from './keys.js';
export { displayAddress } from './addresses.js';
