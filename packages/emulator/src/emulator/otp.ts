/** Bluetooth pairing: the OTP the host sends must be the one on the screen. */
import { asciiz, concat, u16be, u16le } from '../bytes.js';
import { send, type EmulatorCore } from './context.js';
import type { Session } from './session.js';
import { StatusWord } from './types.js';

export async function otpPacket(core: EmulatorCore, s: Session, packet: Uint8Array): Promise<void> {
  const end = packet.indexOf(0);
  const code = asciiz(packet.subarray(0, end < 0 ? packet.length : end)).trim();
  if (code === core.otp) {
    core.pairing = false;
    core.otp = null;
    core.screen.close();
    send(core, s, concat(u16le(0), u16be(StatusWord.SUCCESS)));
    core.emit();
    return;
  }
  send(core, s, concat(u16le(0), u16be(StatusWord.DATA_ERROR)));
  // a wrong OTP ends the Bluetooth session
  setTimeout(() => core.close(s, 'wrong OTP'), 10);
}
