/** The device state every part of the emulator works on, and the link plumbing they share (framing, answers, checks). */
import { concat, u16be, u16le } from '../bytes.js';
import type { Keyring } from '../keys.js';
import type { VirtualScreen } from '../screen.js';
import type { AccountRecord, AccountStorage } from '../storage.js';
import type { Session } from './session.js';
import { PACKET_SIZE, StatusError, StatusWord, type ResolvedConfig, type Tap } from './types.js';

export interface DfuObject {
  data: Uint8Array[];
  size: number;
  written: number;
}

export interface DfuState {
  init: DfuObject | null;
  data: Uint8Array[];
  current: DfuObject | null;
  type: number;
  expected: number;
}

export interface SeUpdate {
  expectedHash: Uint8Array;
  total: number;
  blocks: Map<number, Uint8Array>;
}

export interface EmulatorCore {
  readonly screen: VirtualScreen;
  keys: Keyring;
  cfg: ResolvedConfig;
  storage: AccountStorage;
  /** The account table once loaded from the storage. */
  accounts: AccountRecord[] | null;
  session: Session | null;
  mcuBootloader: boolean;
  seBootloader: boolean;
  pairing: boolean;
  otp: string | null;
  taps: Set<Tap>;
  se: SeUpdate | null;
  dfu: DfuState;
  /** Tells the listeners (and the storage) the state changed. */
  emit(): void;
  /** Ends the link from the device side. */
  close(s: Session, reason: string): void;
}

export const emptyDfu = (): DfuState => ({ init: null, data: [], current: null, type: 0, expected: 0 });

export function send(core: EmulatorCore, s: Session, data: Uint8Array, padded = true): void {
  if (!s.open) return;
  const packets: Uint8Array[] = [];
  for (let o = 0; o < data.length || o === 0; o += PACKET_SIZE) {
    const chunk = data.subarray(o, o + PACKET_SIZE);
    if (padded) {
      const p = new Uint8Array(PACKET_SIZE);
      p.set(chunk);
      packets.push(p);
    } else packets.push(chunk.slice());
    if (data.length === 0) break;
  }
  for (const p of packets) {
    for (const t of core.taps) t('out', p);
    queueMicrotask(() => {
      if (s.open) s.handlers.onData(p);
    });
  }
}

export function respond(core: EmulatorCore, s: Session, cla: number, ins: number, status: number, data: Uint8Array = new Uint8Array()): void {
  send(core, s, concat(u16le(data.length), data, u16be(status), new Uint8Array([cla, ins])));
}

export async function table(core: EmulatorCore): Promise<AccountRecord[]> {
  if (!core.accounts) core.accounts = await core.storage.load();
  return core.accounts;
}

export function requireWallet(core: EmulatorCore): void {
  if (core.seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
  if (![18, 34, 98].includes(core.cfg.walletStatus)) throw new StatusError(StatusWord.DATA_ERROR);
}

export async function confirm(core: EmulatorCore, kind: 'address' | 'sign' | 'message', title: string, lines: Array<{ label: string; value: string }>) {
  const d = await core.screen.ask(kind, title, lines);
  if (d !== 'approve') throw new StatusError(StatusWord.USER_CANCEL);
}
