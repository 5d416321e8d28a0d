import './sdk-env.js';
import { ITransport } from '@secux/transport';
import { getBuffer, StatusCode, TransportStatusError } from '@secux/utility/lib/communication';
import type { EmulatorLink, LinkKind, SecuxEmulator } from '@secux-companion/emulator';

/**
 * SDK transport (ITransport, protocol v1, 64-byte packets) whose wire is a SecuxEmulator.
 * The SDK builds and frames every command exactly as for WebUSB / Web Bluetooth.
 */
export class EmulatorTransport extends ITransport {
  #emulator: SecuxEmulator;
  #kind: LinkKind;
  #link: EmulatorLink | null = null;
  #dfuInbox: Uint8Array[] = [];
  #dfuWaiters: Array<(p: Uint8Array) => void> = [];
  #disconnectListeners = new Set<(reason: string) => void>();

  constructor(emulator: SecuxEmulator, kind: LinkKind, timeout = 20000) {
    super({ timeout });
    this.#emulator = emulator;
    this.#kind = kind;
    this.packetSize = 64;
    this.version = ITransport.PROTOCOLv1;
  }

  get linkKind(): LinkKind {
    return this.#kind;
  }

  get isBootloader(): boolean {
    return this.#link?.bootloader ?? false;
  }

  get isOpen(): boolean {
    return this.#link !== null;
  }

  onDisconnect(listener: (reason: string) => void): () => void {
    this.#disconnectListeners.add(listener);
    return () => this.#disconnectListeners.delete(listener);
  }

  override async Connect(): Promise<void> {
    this.#link = this.#emulator.connect(this.#kind, {
      onData: (packet) => {
        if (this.#link?.bootloader) {
          const w = this.#dfuWaiters.shift();
          if (w) w(packet);
          else this.#dfuInbox.push(packet);
          return;
        }
        this.ReceiveData(Buffer.from(packet));
      },
      onDisconnect: (reason) => {
        this.#link = null;
        for (const l of [...this.#disconnectListeners]) l(reason);
      },
    });
  }

  override async Disconnect(): Promise<void> {
    const link = this.#link;
    this.#link = null;
    link?.close();
  }

  override async Write(data: Buffer): Promise<void> {
    const link = this.#link;
    if (!link) throw new Error('DisconnectedError: device not connected');
    // like WebUSB: full 64-byte packets except in bootloader mode
    if (!link.bootloader && data.length < 64) {
      const p = Buffer.alloc(64);
      data.copy(p);
      link.write(p);
      return;
    }
    link.write(data);
  }

  /** Bluetooth pairing, same exchange as SecuxWebBLE.SendOTP. */
  async SendOTP(otp: string): Promise<boolean> {
    const recv = await this.Exchange(Buffer.from(otp));
    const dataLength = recv.readUInt16LE(0);
    const status = recv.readUInt16BE(2 + dataLength);
    if (status !== StatusCode.SUCCESS) throw new TransportStatusError(status);
    return true;
  }

  /** Raw DFU read in bootloader mode. */
  dfuRead(timeoutMs = 5000): Promise<Uint8Array> {
    const queued = this.#dfuInbox.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('TransferError: DFU timeout')), timeoutMs);
      this.#dfuWaiters.push((p) => {
        clearTimeout(timer);
        resolve(p);
      });
    });
  }

  static toBuffer = getBuffer;
}
