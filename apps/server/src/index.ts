/** Public surface of @secux-companion/server (for scripts, the e2e runner and the device emulator). */
export { buildApp, type AppDeps, type BuildOptions } from './app.js';
export { loadConfig, describeConfig, REPO_ROOT, type Config, type LoadResult } from './config.js';
export {
  buildImage,
  buildSampleImage,
  parseImage,
  samplePayload,
  compareVersions,
  FW_MAGIC,
  type FirmwareKind,
  type ParsedImage,
} from './firmware/image.js';
