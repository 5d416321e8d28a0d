/**
 * Firmware versions, update prompts and feature gates (spec 01 §2, §4, §5, §9).
 *
 * Versions are compared numerically per component ('2.9' < '2.13'): MCU on major.minor,
 * SE on the first three parts. Missing parts count as 0.
 */
import type { ChainSymbol } from './chains';
import type { CatalogueMessageKey } from './errors';

/** Latest SE firmware; lower versions get the optional ('welcome') SE update. */
export const LATEST_SE_VERSION = '1.97';
/** SE image tried after the 1.97 image fails to download. */
export const FALLBACK_SE_VERSION = '1.96';
/** SE below this version shows the unsupported warning. */
export const MIN_SUPPORTED_SE_VERSION = '1.83';
/** MCU version that is special-cased (test-account detection). */
export const TEST_ACCOUNT_MCU_VERSION = '2.13';
/** The MCU required version of a coin the per-coin table names no minimum for (spec 01 §9 "default 2"). */
export const DEFAULT_MCU_REQUIRED_VERSION = '2';
/** Device type with special handling: exempt from MCU checks, no RBF. */
export const DEVICE_TYPE_C20 = 'C20';
/** walletStatus values meaning "ready". */
export const WALLET_READY_STATUSES: readonly number[] = [34, 98];
/**
 * walletStatus of a device without a seed (the SDK's WalletStatus.NO_SEED; its reader also maps any status it
 * does not know to this one): the wallet must be initialized, or restored from recovery words, on the device.
 */
export const WALLET_STATUS_NO_SEED = 0;
/** SE modes in which the device must first enter the SE bootloader. */
export const SE_MODES_NEEDING_BOOTLOADER: readonly number[] = [2, 3, 5];
export const MCU_PROGRESS_OFFSET = 2;
export const SE_PROGRESS_OFFSET = 4;
export const PROGRESS_MAX = 100;

const MCU_PARTS = 2;
const SE_PARTS = 3;

function parts(version: string, count: number): number[] {
  const raw = String(version).trim().replace(/^v/i, '').split('.');
  return Array.from({ length: count }, (_, i) => {
    const n = Number.parseInt(raw[i] ?? '0', 10);
    return Number.isNaN(n) ? 0 : n;
  });
}

function compareParts(a: number[], b: number[]): -1 | 0 | 1 {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** MCU version trimmed to major.minor: '2.13.1' → '2.13'. */
export function trimMcuVersion(version: string): string {
  return String(version).trim().split('.').slice(0, MCU_PARTS).join('.');
}

/** Compares MCU versions on major.minor (−1, 0, 1). */
export function compareMcuVersions(a: string, b: string): -1 | 0 | 1 {
  return compareParts(parts(a, MCU_PARTS), parts(b, MCU_PARTS));
}

/** Compares SE versions on the first three parts (−1, 0, 1). */
export function compareSeVersions(a: string, b: string): -1 | 0 | 1 {
  return compareParts(parts(a, SE_PARTS), parts(b, SE_PARTS));
}

export const mcuAtLeast = (version: string, minimum: string): boolean =>
  compareMcuVersions(version, minimum) >= 0;
export const seAtLeast = (version: string, minimum: string): boolean =>
  compareSeVersions(version, minimum) >= 0;

export interface DeviceVersions {
  mcu: string;
  se: string;
  deviceType?: string;
}

const isC20 = (deviceType?: string): boolean => deviceType === DEVICE_TYPE_C20;

// ---------------------------------------------------------------------------
// Update prompts
// ---------------------------------------------------------------------------

export type McuState = 'noNeed' | 'welcome' | 'force';
export type SeState = 'welcome' | 'latest';

export interface LatestFirmwareInfo {
  latestFirmwareVersion: string;
  forceUpdate: boolean;
}

/**
 * MCU state: C20 always noNeed; device at or above the latest version noNeed; otherwise
 * force when the server sets forceUpdate, else welcome (optional update).
 */
export function mcuState(mcuVersion: string, latest: LatestFirmwareInfo, deviceType?: string): McuState {
  if (isC20(deviceType)) return 'noNeed';
  if (mcuAtLeast(mcuVersion, latest.latestFirmwareVersion)) return 'noNeed';
  return latest.forceUpdate ? 'force' : 'welcome';
}

/** SE state: lower than 1.97 (first three parts) → welcome, otherwise latest. */
export function seState(seVersion: string): SeState {
  return compareSeVersions(seVersion, LATEST_SE_VERSION) < 0 ? 'welcome' : 'latest';
}

export type Transport = 'usb' | 'bluetooth';

/**
 * After the welcome modal: force-update modal when (Bluetooth and an update is needed)
 * or (USB and forced); suppressed with test accounts on MCU 2.13; never for C20.
 */
export function shouldOpenForceUpdateModal(input: {
  transport: Transport;
  mcuState: McuState;
  hasTestAccounts?: boolean;
  mcuVersion?: string;
  deviceType?: string;
}): boolean {
  if (isC20(input.deviceType)) return false;
  if (input.hasTestAccounts && input.mcuVersion !== undefined && isTestAccountMcu(input.mcuVersion))
    return false;
  if (input.transport === 'bluetooth') return input.mcuState !== 'noNeed';
  return input.mcuState === 'force';
}

export function isWalletReady(walletStatus: number): boolean {
  return WALLET_READY_STATUSES.includes(walletStatus);
}

/** The device holds no wallet yet: the user sets one up (or restores it) on the device itself. */
export function isWalletUninitialized(walletStatus: number): boolean {
  return walletStatus === WALLET_STATUS_NO_SEED;
}

export function seModeNeedsBootloader(seMode: number): boolean {
  return SE_MODES_NEEDING_BOOTLOADER.includes(seMode);
}

/** MCU progress shown: reported + 2, capped at 100. */
export function mcuProgress(reported: number): number {
  return Math.min(PROGRESS_MAX, Math.max(0, reported) + MCU_PROGRESS_OFFSET);
}

/** SE progress shown: reported + 4, capped at 100. */
export function seProgress(reported: number): number {
  return Math.min(PROGRESS_MAX, Math.max(0, reported) + SE_PROGRESS_OFFSET);
}

// ---------------------------------------------------------------------------
// S97 / S90 SE variants and coin menu
// ---------------------------------------------------------------------------

const LEGACY_SE_VARIANT = /^\s*S(97|90)(?![0-9])/i;

/**
 * True for SE version strings of the old S97 / S90 variants. Reading chosen: the device
 * reports these as a version string starting with the model tag 'S97' or 'S90'
 * (case-insensitive, e.g. 'S97', 'S97.1.0', 'S90-1.2'), whereas regular SE versions are
 * purely numeric ('1.97'). Such a device is routed to the SE update.
 */
export function isLegacySeVariant(seVersion: string): boolean {
  return LEGACY_SE_VARIANT.test(seVersion);
}

/** SE below 1.83 triggers the unsupported warning (legacy variants are handled separately). */
export function isSeVersionUnsupported(seVersion: string): boolean {
  return !isLegacySeVariant(seVersion) && compareSeVersions(seVersion, MIN_SUPPORTED_SE_VERSION) < 0;
}

/** Coin menu is hidden in bootloader, on an old S97/S90 SE, or with an SE update error. */
export function isCoinMenuVisible(input: {
  bootloader: boolean;
  seVersion: string;
  seUpdateError: boolean;
}): boolean {
  return !input.bootloader && !isLegacySeVariant(input.seVersion) && !input.seUpdateError;
}

// ---------------------------------------------------------------------------
// Per-coin minimums and feature gates
// ---------------------------------------------------------------------------

export type FirmwareCoin = ChainSymbol;

/** Minimum MCU per coin (§5); testnets use their mainnet's minimum. */
export const MIN_MCU_BY_COIN: Readonly<Partial<Record<FirmwareCoin, string>>> = {
  BTC: '2.19',
  DGB: '2',
  DASH: '2.2',
  DOGE: '2.2',
  TRX: '2.23',
  ETH: '2.12',
  ADA: '2.25',
  FIO: '2.22',
  SOL: '2.23',
  EVM: '2.24',
};

/** Minimum SE per coin (§5). */
export const MIN_SE_BY_COIN: Readonly<Partial<Record<FirmwareCoin, string>>> = {
  BTC: '1.92',
  XLM: '1.83',
  TRX: '1.77',
  ADA: '1.87',
  FIO: '1.96',
  SOL: '1.94',
  EVM: '1.87',
};

const MAINNET_OF: Partial<Record<FirmwareCoin, FirmwareCoin>> = { TBTC: 'BTC', TETH: 'ETH', TFIO: 'FIO' };

export interface FirmwareCheck {
  mcuOk: boolean;
  seOk: boolean;
  /** Versions required (undefined when there is no requirement). */
  requiredMcu?: string;
  requiredSe?: string;
}

function check(versions: DeviceVersions, requiredMcu?: string, requiredSe?: string): FirmwareCheck {
  const mcuOk =
    requiredMcu === undefined || isC20(versions.deviceType) || mcuAtLeast(versions.mcu, requiredMcu);
  const seOk = requiredSe === undefined || seAtLeast(versions.se, requiredSe);
  return { mcuOk, seOk, requiredMcu, requiredSe };
}

/**
 * Per-coin MCU/SE minimums; a coin the table leaves out requires the default MCU version (2); C20 is exempt from the
 * MCU requirement.
 */
export function checkCoinFirmware(coin: FirmwareCoin, versions: DeviceVersions): FirmwareCheck {
  const key = MAINNET_OF[coin] ?? coin;
  return check(versions, MIN_MCU_BY_COIN[key] ?? DEFAULT_MCU_REQUIRED_VERSION, MIN_SE_BY_COIN[key]);
}

export type Feature =
  'send' | 'bnb' | 'tagMemo' | 'nft' | 'nativeSegwit' | 'taproot' | 'evm' | 'ada' | 'stellar';

export interface FeatureGate {
  mcu?: string;
  se?: string;
  /** Message shown when the gate fails, with its {{version}}. */
  messageKey: CatalogueMessageKey;
}

/** Feature gates (§5). NFT is read as MCU 2.20 (the spec's "2.2" reading is the same). */
export const FEATURE_GATES: Readonly<Record<Feature, FeatureGate>> = {
  send: { mcu: '2.9', messageKey: 'featureRequiresFirmware' },
  bnb: { mcu: '2.9', messageKey: 'featureRequiresFirmware' },
  tagMemo: { mcu: '1.25', messageKey: 'featureRequiresFirmware' },
  nft: { mcu: '2.20', messageKey: 'featureRequiresFirmware' },
  nativeSegwit: { mcu: '2.19', se: '1.92', messageKey: 'nativeSegwitRequiresMcu' },
  taproot: { se: '1.92', messageKey: 'taprootRequiresSe' },
  evm: { mcu: '2.24', se: '1.87', messageKey: 'evmRequiresMcu' },
  ada: { mcu: '2.25', se: '1.87', messageKey: 'coinRequiresLatestFirmware' },
  stellar: { se: '1.83', messageKey: 'coinRequiresLatestFirmware' },
};

export interface FeatureCheck extends FirmwareCheck {
  ok: boolean;
  messageKey: CatalogueMessageKey;
  /** Version to interpolate into the message (the failing requirement). */
  version?: string;
}

/** Checks a feature gate; C20 is exempt from MCU requirements. */
export function checkFeature(feature: Feature, versions: DeviceVersions): FeatureCheck {
  const gate = FEATURE_GATES[feature];
  const result = check(versions, gate.mcu, gate.se);
  const ok = result.mcuOk && result.seOk;
  const version = !result.mcuOk ? gate.mcu : !result.seOk ? gate.se : undefined;
  return { ...result, ok, messageKey: gate.messageKey, version };
}

/** Buttons of the unsupported-coin modal. */
export const UnsupportedCoinButton = {
  UpdateMcu: 'Update MCU Firmware',
  UpdateSe: 'Update SE Firmware',
  Cancel: 'Cancel',
} as const;
export type UnsupportedCoinButton = (typeof UnsupportedCoinButton)[keyof typeof UnsupportedCoinButton];

/** MCU update needed (maybe SE too) → Update MCU; SE only → Update SE; otherwise Cancel. */
export function unsupportedCoinButton(check: Pick<FirmwareCheck, 'mcuOk' | 'seOk'>): UnsupportedCoinButton {
  if (!check.mcuOk) return UnsupportedCoinButton.UpdateMcu;
  if (!check.seOk) return UnsupportedCoinButton.UpdateSe;
  return UnsupportedCoinButton.Cancel;
}

// ---------------------------------------------------------------------------
// Test accounts (MCU 2.13)
// ---------------------------------------------------------------------------

/**
 * The 14 factory test accounts. Reading of §4 "BTC0, BTC1, BTCt0, BTCt1, LTC0 and so on,
 * also DASH, GRS, DGB": BTC and LTC each have mainnet and 't' (testnet) pairs, DASH, GRS
 * and DGB have mainnet pairs only: 4 + 4 + 2 + 2 + 2 = 14.
 */
export const TEST_ACCOUNT_NAMES: readonly string[] = [
  'BTC0',
  'BTC1',
  'BTCt0',
  'BTCt1',
  'LTC0',
  'LTC1',
  'LTCt0',
  'LTCt1',
  'DASH0',
  'DASH1',
  'GRS0',
  'GRS1',
  'DGB0',
  'DGB1',
];
/** Balances a test account carries. */
export const TEST_ACCOUNT_BALANCES: readonly string[] = ['99999', '99999.99999'];

export interface DeviceAccountSummary {
  name: string;
  balance: string | number;
}

function normaliseDecimalText(value: string | number): string {
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text.replace(/^0+(?=\d)/, '');
}

export function isTestAccount(account: DeviceAccountSummary): boolean {
  return (
    TEST_ACCOUNT_NAMES.includes(account.name) &&
    TEST_ACCOUNT_BALANCES.includes(normaliseDecimalText(account.balance))
  );
}

export function isTestAccountMcu(mcuVersion: string): boolean {
  return compareMcuVersions(mcuVersion, TEST_ACCOUNT_MCU_VERSION) === 0;
}

/**
 * Test-account detection: `hasTestAccounts` when any account is a test account;
 * `allTestAccounts` when the device holds exactly the 14 test accounts (each once,
 * with a test balance) and nothing else.
 */
export function detectTestAccounts(accounts: readonly DeviceAccountSummary[]): {
  hasTestAccounts: boolean;
  allTestAccounts: boolean;
} {
  const hasTestAccounts = accounts.some(isTestAccount);
  const names = new Set(accounts.map((a) => a.name));
  const allTestAccounts =
    accounts.length === TEST_ACCOUNT_NAMES.length &&
    names.size === TEST_ACCOUNT_NAMES.length &&
    accounts.every(isTestAccount);
  return { hasTestAccounts, allTestAccounts };
}
