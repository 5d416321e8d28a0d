import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { TokensTab, type useAccountTokens } from './TokensTab';

setupUiTests();
afterEach(() => vi.unstubAllGlobals());

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const chain = { spec: { symbol: 'ETH', chainId: 1 } } as unknown as EvmChain;
const account = { id: 'ETH:0', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' } as EvmAccount;

function state(): ReturnType<typeof useAccountTokens> {
  const known = [
    { contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6 },
    { contract: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 18 },
  ] as const;
  return {
    settings: { known: [...known], enabled: [USDT, LUSD] },
    setSettings: () => {},
    deviceCount: 2,
    tokens: known.map((k) => ({ ...k, balance: 1_500_000n, price: null })),
    balances: { isPending: false, isError: false },
    found: [],
  } as unknown as ReturnType<typeof useAccountTokens>;
}

describe('EVM Tokens tab icons (bundled, never hot-linked)', () => {
  it('a known token gets its bundled icon by symbol, an unknown one the neutral icon; no image from another site', async () => {
    // Were the tab still to ask for remote token images, this answer would put a hot-linked image in the list.
    const remote = 'https://cdn.example/usdt.png';
    const f = vi.fn(async () => new Response(JSON.stringify({ images: { [USDT.toLowerCase()]: remote } })));
    vi.stubGlobal('fetch', f);
    renderUi(<TokensTab chain={chain} account={account} state={state()} onSend={() => {}} />);
    const items = screen.getAllByTestId('token-item');
    const icons = items.map((i) => i.querySelector('[data-testid="asset-icon"]'));
    expect(icons.map((i) => i?.getAttribute('data-icon'))).toEqual(['usdt', 'generic']);
    // Decorative: the token's name is written beside it.
    expect(icons.every((i) => i?.getAttribute('aria-hidden') === 'true')).toBe(true);
    await waitFor(() => expect(icons.every((i) => i?.querySelector('img')?.getAttribute('src'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    const srcs = [...document.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '');
    expect(srcs.filter((s) => /^(https?:)?\/\//.test(s) && !s.includes('localhost'))).toEqual([]);
    expect(
      f.mock.calls.map((c) => String((c as unknown[])[0])).filter((u) => u.includes('token-images')),
    ).toEqual([]);
  });
});
