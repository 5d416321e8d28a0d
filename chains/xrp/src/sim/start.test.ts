/**
 * startXrpl (what startLocalnet runs): the simulator on loopback, funded for the emulator's first XRP accounts and the
 * tag-required recipient, ledgers closing on the interval, and the test-only control API (busy / close / state).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { XRPL_TAG_REQUIRED_ACCOUNT, xrpAddressOf } from './simulator.js';
import { startXrpl, type XrplInfo } from './start.js';

let started: Awaited<ReturnType<typeof startXrpl>>;
let info: XrplInfo;
beforeAll(async () => {
  started = await startXrpl({ mnemonic: DEFAULT_MNEMONIC, host: '127.0.0.1', port: 0, closeIntervalMs: 100 });
  info = started.info;
});
afterAll(() => started.stop());

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const r = await fetch(info.rpcUrl, { method: 'POST', body: JSON.stringify({ method, params: [params] }) });
  return ((await r.json()) as { result: Record<string, unknown> }).result;
}
const control = async (what: string, body?: unknown) => {
  const r = await fetch(info.controlUrl + what, {
    method: body === undefined && what === 'state' ? 'GET' : 'POST',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('startXrpl', () => {
  it('listens on a loopback port and lists the funded accounts with their paths', async () => {
    expect(info.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.port).toBe(Number(new URL(info.rpcUrl).port));
    expect(info.accounts.map((a) => a.path)).toEqual([
      "m/44'/144'/0'/0/0",
      "m/44'/144'/1'/0/0",
      `m/44'/144'/${XRPL_TAG_REQUIRED_ACCOUNT}'/0/0`,
    ]);
    expect(info.accounts[0]!.address).toBe(xrpAddressOf(DEFAULT_MNEMONIC, 0));
    expect(info.accounts.filter((a) => a.requireDestinationTag).map((a) => a.address)).toEqual([
      xrpAddressOf(DEFAULT_MNEMONIC, XRPL_TAG_REQUIRED_ACCOUNT),
    ]);
    const acc = await rpc('account_info', { account: info.accounts[0]!.address });
    expect((acc.account_data as { Balance: string }).Balance).toBe(info.accounts[0]!.balanceDrops);
  });

  it('closes ledgers on the interval', async () => {
    const first = (await rpc('ledger_closed')).ledger_index as number;
    await new Promise((r) => setTimeout(r, 350));
    expect((await rpc('ledger_closed')).ledger_index as number).toBeGreaterThan(first);
  });

  it('the control API turns the busy answer on and off and refuses anything else', async () => {
    expect((await control('busy', { busy: true })).body.busy).toBe(true);
    expect(started.simulator.busy).toBe(true);
    expect((await control('state')).body.busy).toBe(true);
    expect((await control('busy', { busy: false })).body.busy).toBe(false);
    expect(started.simulator.busy).toBe(false);
    expect((await control('busy', { busy: 'yes' })).status).toBe(404);
    expect((await control('mint', {})).status).toBe(404);
    const before = started.simulator.validatedLedger;
    await control('close', {});
    expect(started.simulator.validatedLedger).toBeGreaterThan(before);
  });
});
