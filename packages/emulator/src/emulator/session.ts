/** One host link (USB or Bluetooth) to the emulator: what the host writes goes to the device, one host at a time. */
import {
  PACKET_SIZE,
  type EmulatorLink,
  type EmulatorState,
  type LinkHandlers,
  type LinkKind,
} from './types.js';

/** What a session needs of the device it is plugged into (the emulator), so this file need not import it. */
export interface SessionHost {
  readonly state: Pick<EmulatorState, 'mcuBootloader' | 'pairing'>;
  _receive(s: Session, packet: Uint8Array): void;
  _close(s: Session, reason: string): void;
}

export class Session implements EmulatorLink {
  readonly packetSize = PACKET_SIZE;
  open = true;
  rx: Uint8Array[] = [];
  constructor(
    readonly kind: LinkKind,
    readonly handlers: LinkHandlers,
    readonly emu: SessionHost,
  ) {}
  get bootloader() {
    return this.emu.state.mcuBootloader;
  }
  get pairing() {
    return this.emu.state.pairing;
  }
  write(packet: Uint8Array): void {
    if (!this.open) throw new Error('DisconnectedError: emulator link is closed');
    this.emu._receive(this, new Uint8Array(packet));
  }
  close(): void {
    this.emu._close(this, 'closed by host');
  }
}
