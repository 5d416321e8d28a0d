/**
 * startLocalnet's process hooks: however many local networks run at once, they share one 'exit' listener (one per
 * start passed Node's limit of ten with a second network beside the first one's anvils), and the last stop removes it.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalChain } from '@secux-companion/chain-common';
import { startLocalnet } from './start.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'localnet-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const killed: string[] = [];
const toy = (key: string): LocalChain => ({
  key,
  start: async () => ({ info: { key }, stop: async () => undefined, kill: () => killed.push(key) }),
});

describe('startLocalnet process hooks', () => {
  it('adds one exit listener for all running networks and removes it on the last stop', async () => {
    const before = process.listenerCount('exit');
    const start = (i: number) =>
      startLocalnet({ dataDir: path.join(dataDir, String(i)), handleSignals: false, log: () => undefined }, [
        toy(`toy${i}`),
      ]);
    const nets = [];
    for (let i = 0; i < 12; i++) nets.push(await start(i));
    expect(process.listenerCount('exit')).toBe(before + 1);
    // The shared listener still reaches every running network's chains.
    for (const l of process.listeners('exit').slice(before)) (l as () => void)();
    expect(killed.sort()).toEqual(nets.map((_, i) => `toy${i}`).sort());
    for (const n of nets) await n.stop();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
