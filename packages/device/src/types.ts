/** Public types of the device layer. */

export type DeviceModel = 'W10' | 'W20' | 'V20' | 'T20' | 'T20X' | 'C20' | 'unknown';
export type ConnectionKind = 'usb' | 'ble' | 'emulator-usb' | 'emulator-ble';

export interface DeviceVersion {
  /** MCU firmware trimmed to major.minor, e.g. "2.30" */
  mcuVersion: string;
  /** MCU firmware as reported, e.g. "2.30.1" */
  mcuVersionFull: string;
  seVersion: string;
  bootloaderVersion: string;
  model: DeviceModel;
  customerId?: string;
  deviceId?: string;
  /** true when the MCU is in bootloader (DFU) mode: only updateMcu() is possible */
  bootloader: boolean;
}

export interface WalletInfo {
  /** 34 normal, 98 hidden wallet (both ready), 18 raw seed, 1 logged out, 0 no seed */
  walletStatus: number;
  walletName: string;
  walletIndex: number;
  deviceType: DeviceModel;
  ready: boolean;
}

export interface SeModeInfo {
  /** 2 normal, 3 hidden, 7 logout; anything else (emulator: 1) = SE bootloader */
  mode: number;
  state: number;
  bootloader: boolean;
}

export interface DeviceAccount {
  name: string;
  /** account-level path, e.g. m/84'/0'/0' */
  path: string;
  /** smallest unit (satoshi, wei …) as a decimal string */
  balance: string;
  symbol: string;
  decimal?: number;
  /** chain id as a number (0 when not an EVM account) */
  chainId: number;
  /** set for tokens */
  contract?: string;
}

export interface AccountInput {
  name: string;
  path: string;
  /** smallest unit, decimal string */
  balance: string;
  symbol?: string;
  decimal?: number;
  chainId?: number;
}

export interface TokenInput extends AccountInput {
  contract: string;
  symbol: string;
  decimal: number;
}

/** BTC-family coin / script selectors (values of @secux/app-btc CoinType and ScriptType). */
export interface AddressOptions {
  coin?: number;
  script?: number;
}

export interface ShowAddressOptions extends AddressOptions {
  chainId?: number;
}

export type ProgressCallback = (current: number, total: number) => void;
export type PercentCallback = (percent: number) => void;

export interface SignOptions {
  /** reported before each device signature command when several are needed */
  onProgress?: ProgressCallback;
}

export interface BtcInput {
  hash: string;
  vout: number;
  /** satoshi */
  satoshis: number;
  path: string;
  publickey?: string;
  script?: number;
  txHex?: string;
}

export interface BtcOutputAddress {
  address: string;
  satoshis: number;
}

export interface BtcOutputPath {
  path: string;
  satoshis: number;
  publickey?: string;
  script?: number;
}

export interface BtcOutputs {
  to: BtcOutputAddress | BtcOutputPath;
  utxo?: BtcOutputPath;
}

export interface BtcSignOptions extends SignOptions {
  coin?: number;
  feeRate?: number;
  isRBF?: boolean;
  xpub?: string;
}

export interface SignedTx {
  /** hex (BTC, ETH, TRX), base64 XDR (XLM), hex blob (XRP) … */
  rawTx: string;
  signature?: string;
}

export interface DeviceEvents {
  disconnect: { reason: string };
}

/** One connected SecuX device (real or emulated). All actions run one at a time. */
export interface Device {
  readonly kind: ConnectionKind;
  readonly connected: boolean;
  /** true while an action is running or queued */
  readonly busy: boolean;

  on<E extends keyof DeviceEvents>(event: E, listener: (e: DeviceEvents[E]) => void): () => void;
  off<E extends keyof DeviceEvents>(event: E, listener: (e: DeviceEvents[E]) => void): void;
  disconnect(): Promise<void>;

  getVersion(): Promise<DeviceVersion>;
  getWalletInfo(): Promise<WalletInfo>;
  getSEMode(): Promise<SeModeInfo>;

  /** the whole account/token table */
  readTable(): Promise<DeviceAccount[]>;
  /** plain accounts (no contract) */
  getAccounts(coinType?: number, chainId?: number): Promise<DeviceAccount[]>;
  /** token entries (with contract) */
  getTokens(coinType?: number, chainId?: number): Promise<DeviceAccount[]>;
  setAccount(account: AccountInput): Promise<void>;
  deleteAccount(path: string, chainId?: number): Promise<void>;
  setToken(token: TokenInput): Promise<void>;
  deleteToken(path: string, contract: string, chainId?: number): Promise<void>;

  getAddress(path: string, options?: AddressOptions): Promise<string>;
  /** shows the address on the device; rejects with UserCancelError when the user declines */
  showAddress(path: string, options?: ShowAddressOptions): Promise<void>;
  getPublicKey(path: string, options?: AddressOptions): Promise<string>;
  getXPublicKey(path: string): Promise<string>;

  signBtc(inputs: BtcInput[], outputs: BtcOutputs, options?: BtcSignOptions): Promise<SignedTx>;
  /** serialized unsigned tx (hex, legacy/EIP-155 or 0x02 EIP-1559) or an SDK tx object */
  signEth(path: string, tx: string | Record<string, unknown>, options?: SignOptions): Promise<SignedTx>;
  /** personal_sign: a text (UTF-8) or bytes; the 65-byte signature as 0x-hex. */
  signEthMessage(path: string, message: string | Uint8Array): Promise<string>;
  /** A Solana off-chain message (Ed25519 over its bytes; text as UTF-8); the signature in base58. */
  signSolMessage(path: string, message: string | Uint8Array): Promise<string>;
  /** EIP-712 typed data as JSON string */
  signEthTypedData(path: string, typedData: string): Promise<string>;
  signXrp(path: string, tx: Record<string, unknown>): Promise<SignedTx>;
  signXlm(path: string, tx: Record<string, unknown>): Promise<SignedTx>;
  signTrx(path: string, tx: Record<string, unknown>): Promise<SignedTx>;
  signSol(feePayer: string, tx: Record<string, unknown>, options?: SignOptions): Promise<SignedTx>;
  signBnb(path: string, tx: Record<string, unknown>): Promise<SignedTx>;
  /** FIO: signs sha256(sigData) (sigData = chainId ‖ packed trx ‖ 32 zero bytes, hex); returns SIG_K1_… */
  signFio(path: string, sigDataHex: string): Promise<string>;
  /** FIO encryption helper: 64-byte ECIES shared secret (hex) with another FIO public key (33 bytes hex) */
  getSharedSecret(path: string, publicKeyHex: string): Promise<string>;

  enterMcuBootloader(): Promise<void>;
  updateMcu(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void>;
  enterSeBootloader(): Promise<void>;
  updateSe(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void>;
  /** Bluetooth pairing: send the OTP shown on the device; a wrong OTP disconnects */
  sendOtp(otp: string): Promise<void>;
}
