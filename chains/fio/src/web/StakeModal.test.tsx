/**
 * The FIO stake flow as a user sees it, over a fake FIO adapter and device: the amount rules and their texts, the
 * proxy vote an account that does not vote signs first (and is told so), the order of signatures and broadcasts,
 * the stake details with the explorer link, the unlock date of an unstake, a device cancel back to the form, and the
 * registration page with its consent for an account without a handle.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Device } from '@secux-companion/device';
import type { FioAdapter, FioBackend, FioBuiltAction } from '@secux-companion/chain-fio';
import { errorMessages } from '@secux-companion/core';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';
import { STAKE_PROCESS, UNSTAKE_PROCESS, type StakeTitle } from './stake';
import { StakeModal } from './StakeModal';
import { StakeEntry } from './StakeEntry';
import { family } from './index';
import { recordTxLogs } from './domain/testFakes';

setupUiTests();

const FIO = 1_000_000_000n;
const KEY = 'FIO6m1fMdTpRkRBnedvYshXCxLFiC5suRU8KDfx8xxtXp2hntxpnf';
const account: FioAccount = {
  id: "FIO:m/44'/235'/0'",
  index: 0,
  bip: 44,
  path: "m/44'/235'/0'",
  name: 'FIO 1',
  balance: 100n * FIO,
  pending: 0n,
  txCount: 1,
  address: KEY,
};

interface World {
  voted: boolean;
  available: bigint;
  staked: bigint;
  /** What happened, in order: build:<kind>, sign:<digest>, push:<kind>. */
  log: string[];
  actions: unknown[];
  pushFails?: string;
  /** What the failing push throws (default: a plain Error with the chain's text). */
  pushError?: unknown;
  handles: { handle: string; expiration: string; bundled: number }[];
}

function fakeChain(w: World): FioChain {
  const names = {
    staking: async () => ({ apr7d: 12.3456, voted: w.voted, defaultProxy: 'proxy@secux', lock: null }),
    fee: async (kind: string, handle = '') => (handle ? 0n : kind === 'proxyVote' ? FIO / 2n : 3n * FIO),
    build: async (_a: unknown, action: { kind: string; handle: string }): Promise<FioBuiltAction> => {
      w.log.push(`build:${action.kind}`);
      w.actions.push(action);
      return {
        fee: 0n,
        unsigned: {
          kind: action.kind,
          maxFee: action.handle ? 0n : 3n * FIO,
          txId: `tx-${action.kind}`,
          data: { fio_address: action.handle },
        },
        signRequest: {
          path: "m/44'/235'/0'/0/0",
          sigData: `sig-${action.kind}`,
          digest: `digest-${action.kind}`,
        },
      } as unknown as FioBuiltAction;
    },
    signAndPush: async (signer: { signFio(p: string, d: string): Promise<string> }, b: FioBuiltAction) => {
      const sig = await signer.signFio(b.signRequest.path, b.signRequest.sigData);
      const kind = b.signRequest.sigData.slice(4);
      if (w.pushFails === kind) throw w.pushError ?? new Error('Account has not voted and has not proxied');
      w.log.push(`push:${kind}:${sig}`);
      return `txid-${kind}`;
    },
  };
  const adapter = {
    names,
    explorer: { tx: (h: string) => `https://fio.bloks.io/transaction/${h}`, address: () => undefined },
    getAccountState: async () => ({
      balance: w.available + w.staked,
      available: w.available,
      staked: w.staked,
      locked: 0n,
      pending: 0n,
      txCount: 1,
    }),
  } as unknown as FioAdapter;
  const reader = {
    names: async () => ({ domains: [], handles: w.handles }),
  } as unknown as FioBackend;
  return { coin: 'FIO', adapter, reader, unit: { symbol: 'FIO', decimals: 9, digits: 9 }, local: false };
}

function device(w: World, fail?: Error) {
  runtime.set({
    device: {
      signFio: vi.fn(async (_path: string, sigData: string) => {
        if (fail) throw fail;
        w.log.push(`sign:${sigData.slice(4)}`);
        return `SIG_${sigData.slice(4)}`;
      }),
    } as unknown as Device,
    emulator: null,
  });
}

const world = (over: Partial<World> = {}): World => ({
  voted: true,
  available: 10n * FIO,
  staked: 0n,
  log: [],
  actions: [],
  handles: [{ handle: 'me@secux', expiration: '2030-01-01T00:00:00', bundled: 5 }],
  ...over,
});

const DESCRIPTOR = {
  chain: 'FIO' as const,
  index: 0,
  bip: 44 as const,
  path: account.path,
  address: KEY,
};

/** The flow for `w`'s account; resolves its onDone spy. */
function show(w: World, title: StakeTitle, handles = w.handles) {
  const onDone = vi.fn();
  renderUi(
    <StakeModal
      chain={fakeChain(w)}
      account={account}
      descriptor={DESCRIPTOR}
      title={title}
      handles={handles}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  return onDone;
}

const amountInput = () => screen.getByTestId('fio-stake-amount') as HTMLInputElement;
const type = (text: string) => fireEvent.change(amountInput(), { target: { value: text } });
const next = () => screen.getByTestId('fio-stake-next') as HTMLButtonElement;

beforeEach(() => runtime.set({ device: null, emulator: null }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('FIO stake flow', () => {
  it('an account that does not vote is told, signs the proxy vote first, then the stake; both broadcast in order', async () => {
    const w = world({ voted: false });
    device(w);
    const onDone = show(w, STAKE_PROCESS);
    expect((await screen.findByTestId('fio-stake-vote-note')).textContent).toMatch(
      /first proxy its vote to proxy@secux/,
    );
    expect((await screen.findByTestId('fio-stake-apr')).textContent).toBe('APR (7 days): 12.35%');
    await waitFor(() =>
      expect(screen.getByTestId('fio-stake-fee').textContent).toMatch(/2 bundled.*me@secux/),
    );
    expect(screen.getByRole('dialog').textContent).toMatch(/Stake Process/);

    type('05');
    expect(screen.getByText('The amount must not start with 0')).toBeTruthy();
    type('5.');
    expect(screen.getByText('The amount must end with a digit')).toBeTruthy();
    type('11');
    expect(screen.getByText('Insufficient Balance')).toBeTruthy();
    expect(next().disabled).toBe(true);
    type('2.5');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());

    await screen.findByTestId('fio-stake-broadcast');
    expect(w.log).toEqual([
      'build:proxyVote',
      'sign:proxyVote',
      'build:stakeFioTokens',
      'sign:stakeFioTokens',
    ]);
    expect(w.actions).toEqual([
      { kind: 'proxyVote', handle: 'me@secux', proxy: 'proxy@secux' },
      { kind: 'stakeFioTokens', handle: 'me@secux', amount: 2_500_000_000n },
    ]);
    expect(screen.getByTestId('fio-stake-review-amount').textContent).toBe('2.5 FIO');
    expect(screen.getByTestId('fio-stake-review-proxy').textContent).toBe('proxy@secux');
    expect(w.log.some((l) => l.startsWith('push'))).toBe(false); // nothing broadcast before Confirmation

    const posts = recordTxLogs();
    fireEvent.click(screen.getByTestId('fio-stake-broadcast'));
    await screen.findByTestId('fio-stake-success');
    expect(w.log.slice(4)).toEqual([
      'push:proxyVote:SIG_proxyVote',
      'push:stakeFioTokens:SIG_stakeFioTokens',
    ]);
    // Each push posts its transaction log (spec 01 §7).
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts.map((p) => [p.hash, p.context.kind, p.context.result])).toEqual([
      ['txid-proxyVote', 'proxyVote', 'state-010'],
      ['txid-stakeFioTokens', 'stakeFioTokens', 'state-010'],
    ]);
    expect(screen.getByTestId('fio-stake-txid').textContent).toBe('txid-stakeFioTokens');
    expect(screen.getByTestId('fio-stake-vote-txid').textContent).toBe('txid-proxyVote');
    expect(screen.getByTestId('fio-stake-explorer').getAttribute('href')).toBe(
      'https://fio.bloks.io/transaction/txid-stakeFioTokens',
    );
    fireEvent.click(screen.getByTestId('fio-stake-close'));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('unstaking is bounded by the staked balance, signs one action and shows the 7-day unlock date', async () => {
    const w = world({ voted: true, staked: 3n * FIO, handles: [] });
    device(w);
    show(w, UNSTAKE_PROCESS, []);
    await waitFor(() => expect(screen.getByTestId('fio-stake-fee').textContent).toBe('Fee: 3 FIO'));
    expect(screen.getByTestId('fio-stake-lock-note').textContent).toMatch(/locked for 7 days/);
    expect(screen.queryByTestId('fio-stake-vote-note')).toBeNull();
    type('4');
    expect(screen.getByText('Insufficient Balance')).toBeTruthy();
    type('3');
    await waitFor(() => expect(next().disabled).toBe(false));
    const before = Date.now();
    fireEvent.click(next());
    fireEvent.click(await screen.findByTestId('fio-stake-broadcast'));
    await screen.findByTestId('fio-stake-success');
    expect(w.actions).toEqual([{ kind: 'unStakeFioTokens', handle: '', amount: 3n * FIO }]);
    const shown = screen.getByTestId('fio-stake-unlock').textContent ?? '';
    const expected = new Date(before + 7 * 86_400_000);
    expect(shown).toContain(String(expected.getFullYear()));
    expect(shown).toContain(expected.toLocaleString('en', { month: 'short' }));
    expect(shown).toContain(String(expected.getDate()));
  });

  it('a cancel on the device goes back to the form silently; a device error shows its message; nothing is pushed', async () => {
    const w = world();
    device(w, Object.assign(new Error('[SecuX device] USER_CANCEL (0x9001)'), {}));
    show(w, STAKE_PROCESS);
    type('1');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    await waitFor(() => expect(screen.queryByTestId('fio-stake-amount')).toBeTruthy());
    expect(screen.queryByTestId('fio-stake-error')).toBeNull();

    device(w, new Error('the USB link dropped'));
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    expect((await screen.findByTestId('fio-stake-error')).textContent).toMatch(/the USB link dropped/);
    expect(w.log.filter((l) => l.startsWith('push'))).toEqual([]);
  });

  it('a refused broadcast shows the chain’s message, and the proxy vote that went through', async () => {
    const w = world({ voted: false, pushFails: 'stakeFioTokens' });
    device(w);
    show(w, STAKE_PROCESS);
    type('1');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    fireEvent.click(await screen.findByTestId('fio-stake-broadcast'));
    expect((await screen.findByTestId('fio-stake-failed')).textContent).toMatch(/has not voted/);
    expect(screen.getByTestId('fio-stake-vote-done').textContent).toMatch(/txid-proxyVote/);
  });

  it('a push the server refuses shows err-08 in the interface language, not the server’s English (issue 31 item 13)', async () => {
    const english = 'Account has not voted and has not proxied';
    const refused = Object.assign(new Error(english), {
      name: 'FioNetworkError',
      status: 400,
      code: 'rejected',
    });
    const w = world({ voted: true, pushFails: 'stakeFioTokens', pushError: refused });
    device(w);
    await setLanguage('pt');
    try {
      show(w, STAKE_PROCESS);
      type('1');
      await waitFor(() => expect(next().disabled).toBe(false));
      fireEvent.click(next());
      fireEvent.click(await screen.findByTestId('fio-stake-broadcast'));
      const failed = (await screen.findByTestId('fio-stake-failed')).textContent ?? '';
      expect(failed).toContain(errorMessages.pt['err-08']);
      expect(failed).not.toContain(english);
    } finally {
      await setLanguage('en');
    }
  });
});

describe('Stake button', () => {
  it('an account without a handle first sees the registration page: Register only with consent, or go on without', async () => {
    const w = world({ handles: [] });
    device(w);
    renderUi(<StakeEntry chain={fakeChain(w)} account={account} descriptor={DESCRIPTOR} />);
    fireEvent.click(await screen.findByTestId('fio-stake'));
    await screen.findByTestId('fio-stake-registration');
    const register = screen.getByTestId('fio-stake-register') as HTMLButtonElement;
    expect(register.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fio-stake-consent'));
    expect(register.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('fio-stake-without-handle'));
    await screen.findByTestId('fio-stake-modal');
    await waitFor(() => expect(screen.getByTestId('fio-stake-fee').textContent).toBe('Fee: 3 FIO'));
  });

  it('consenting opens the register-handle action for this account', async () => {
    const w = world({ handles: [] });
    device(w);
    renderUi(<StakeEntry chain={fakeChain(w)} account={account} descriptor={DESCRIPTOR} />);
    fireEvent.click(await screen.findByTestId('fio-stake'));
    fireEvent.click(await screen.findByTestId('fio-stake-consent'));
    fireEvent.click(screen.getByTestId('fio-stake-register'));
    await screen.findByTestId('fio-action-modal');
    expect(screen.getByTestId('fio-name-input')).toBeTruthy();
  });

  it('an account with a handle goes straight to the flow', async () => {
    const w = world();
    device(w);
    renderUi(<StakeEntry chain={fakeChain(w)} account={account} descriptor={DESCRIPTOR} />);
    fireEvent.click(await screen.findByTestId('fio-unstake'));
    await screen.findByTestId('fio-stake-modal');
    expect(screen.queryByTestId('fio-stake-registration')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toMatch(/Unstake Process/);
  });
});

it('the stake form and the registration page pass axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
  const w = world({ handles: [] });
  device(w);
  const chain = fakeChain(w);
  const form = (
    <StakeModal
      chain={chain}
      account={account}
      descriptor={DESCRIPTOR}
      title={STAKE_PROCESS}
      handles={[]}
      onClose={() => {}}
      onDone={() => {}}
    />
  );
  const entry = <StakeEntry chain={chain} account={account} descriptor={DESCRIPTOR} />;
  const openStake = async () => {
    fireEvent.click(await screen.findByTestId('fio-stake'));
  };
  expect(
    await axeInEveryLanguage([
      ['fio-stake-modal', form],
      ['fio-stake-registration', entry, openStake],
    ]),
  ).toEqual([]);
});

describe('FIO account page', () => {
  function Page({ chain }: { chain: FioChain }) {
    const extras = family.usePage({ chain, account, openSend: () => {} });
    return <MemoryRouter>{[extras.note, extras.actions]}</MemoryRouter>;
  }

  it('shows the 7-day APR, the unstaked amount still locked with its unlock date, and the Stake buttons', async () => {
    const w = world();
    const chain = fakeChain(w);
    const unlockAt = '2026-12-01T22:30:00.000Z';
    chain.adapter.names.staking = async () => ({
      apr7d: 9.5,
      voted: true,
      proxy: 'proxy@secux',
      defaultProxy: 'proxy@secux',
      lock: { amount: 5n * FIO, remaining: 5n * FIO, unlockAt },
    });
    renderUi(<Page chain={chain} />);
    expect((await screen.findByTestId('fio-apr')).textContent).toBe('APR (7 days): 9.50%');
    const unlock = screen.getByTestId('fio-unlock').textContent ?? '';
    expect(unlock).toMatch(/^5 FIO unstaked, locked until /);
    expect(unlock).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(unlockAt)),
    );
    expect(screen.getByTestId('fio-stake')).toBeTruthy();
    expect(screen.getByTestId('fio-unstake')).toBeTruthy();
  });

  it('a lock already released shows no unlock date', async () => {
    const w = world();
    const chain = fakeChain(w);
    chain.adapter.names.staking = async () => ({
      apr7d: 9.5,
      voted: true,
      proxy: 'proxy@secux',
      defaultProxy: 'proxy@secux',
      lock: { amount: 5n * FIO, remaining: 0n, unlockAt: '2026-12-01T22:30:00.000Z' },
    });
    renderUi(<Page chain={chain} />);
    await screen.findByTestId('fio-apr'); // the staking state was read
    expect(screen.queryByTestId('fio-unlock')).toBeNull();
  });
});
