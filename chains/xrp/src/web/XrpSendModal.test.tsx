import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import type { XrpChain } from './chain';
import { HeldModal, XrpSendModal } from './XrpSendModal';

setupUiTests();
afterEach(() => vi.unstubAllGlobals());

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const TAGGED = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const account = {
  id: 'XRP:0',
  index: 0,
  bip: 44 as const,
  path: "m/44'/144'/0'",
  name: 'XRP 1',
  balance: 10_000_000n,
  pending: 0n,
  txCount: 1,
  address: ME,
};

function fakeChain() {
  const build = vi.fn(async () => {
    throw new Error('not built in this test');
  });
  const chain = {
    unit: { symbol: 'XRP', decimals: 6, digits: 6 },
    local: true,
    adapter: {
      getAccountState: async () => ({
        balance: 10_000_000n,
        available: 8_600_000n,
        reserve: 1_400_000n,
        pending: 0n,
        txCount: 1,
      }),
      getFees: async () => ({
        tiers: { high: 12, medium: 12, low: 10 },
        unit: 'drops',
        basis: 'perTransaction',
        hidden: true,
      }),
      validateAddress: (a: string) => (/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(a) ? 'ok' : 'invalid'),
      recipientInfo: async (a: string) => ({
        activated: a !== NEW,
        requireDestinationTag: a === TAGGED,
        baseReserve: 1_000_000n,
      }),
      build,
      reviewRows: () => [],
      explorer: { tx: () => undefined, address: () => undefined },
    },
  } as unknown as XrpChain;
  return { chain, build };
}

function open() {
  vi.stubGlobal('fetch', async () => new Response('{}'));
  const { chain, build } = fakeChain();
  renderUi(
    <XrpSendModal chain={chain} account={account} onClose={() => undefined} onDone={() => undefined} />,
  );
  return { build };
}

const continueButton = () => screen.getByTestId('send-continue') as HTMLButtonElement;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('XRP send details', () => {
  it('shows the spendable amount and the fee (not selectable)', async () => {
    open();
    await waitFor(() => expect(screen.getByTestId('send-available').textContent).toContain('8.6 XRP'));
    expect(screen.getByTestId('send-available').textContent).toContain('1.4 XRP');
    await waitFor(() => expect(screen.getByTestId('xrp-fee').textContent).toContain('0.000012 XRP'));
    expect(screen.queryByTestId('send-fee-mode')).toBeNull();
  });

  it('a recipient that requires a tag makes it mandatory with the reason', async () => {
    open();
    type('send-recipient', TAGGED);
    type('send-amount', '1');
    await screen.findByTestId('memo-tag-reason');
    await waitFor(() => expect(screen.getByTestId('xrp-fee').textContent).toContain('XRP'));
    expect(continueButton().disabled).toBe(true);
    type('memo-tag-input', '77');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
  });

  it('below the base reserve to an inactive account: refused with tecNO_DST_INSUF_XRP explained; at it: activation said', async () => {
    open();
    type('send-recipient', NEW);
    type('send-amount', '0.5');
    expect((await screen.findByTestId('xrp-activation-error')).textContent).toContain('tecNO_DST_INSUF_XRP');
    expect(continueButton().disabled).toBe(true);
    type('send-amount', '1');
    await screen.findByTestId('xrp-activation-note');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
  });

  it('err-30 when the amount and fee would dip below the reserve; send-all sends balance − reserve − fee', async () => {
    open();
    type('send-recipient', TAGGED);
    await screen.findByTestId('memo-tag-reason');
    type('memo-tag-input', '1');
    type('send-amount', '8.6');
    expect((await screen.findByTestId('xrp-reserve-error')).textContent).toBe(
      'A minimum balance of 1.4 XRP is required.',
    );
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('send-all'));
    await waitFor(() =>
      expect((screen.getByTestId('send-amount') as HTMLInputElement).value).toBe('8.599988'),
    );
    expect(screen.queryByTestId('xrp-reserve-error')).toBeNull();
  });
});

it('the held-payment notice passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
  const hash = 'C3D5A2B1E4F60718293A4B5C6D7E8F90112233445566778899AABBCCDDEEFF00';
  expect(await axeInEveryLanguage([['xrp-held', <HeldModal hash={hash} onDone={() => {}} />]])).toEqual([]);
});
