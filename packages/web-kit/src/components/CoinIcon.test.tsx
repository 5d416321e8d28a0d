import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import { CoinIcon, iconName } from './CoinIcon';

setupUiTests();

describe('coin icons (cryptocurrency-icons, bundled)', () => {
  it('maps coins, testnets and tokens to their icon, anything unknown to the neutral one', () => {
    expect(iconName('BTC')).toBe('btc');
    expect(iconName('TBTC')).toBe('btc');
    expect(iconName('TETH')).toBe('eth');
    expect(iconName('BSC')).toBe('bnb');
    expect(iconName('usdt')).toBe('usdt');
    expect(iconName('LUSD')).toBe('generic');
    expect(iconName('<script>')).toBe('generic');
  });

  it('renders a bundled image: decorative beside a name, named when it stands alone', async () => {
    renderUi(
      <>
        <CoinIcon symbol="ETH" />
        <CoinIcon symbol="NOPE" label="Unknown token" />
      </>,
    );
    const [eth, unknown] = screen.getAllByTestId('asset-icon');
    expect(eth!.getAttribute('aria-hidden')).toBe('true');
    expect(unknown!.getAttribute('role')).toBe('img');
    expect(unknown!.getAttribute('data-icon')).toBe('generic');
    await waitFor(() => expect(eth!.querySelector('img')?.getAttribute('src')).toBeTruthy());
    expect(eth!.querySelector('img')!.getAttribute('src')).not.toMatch(/^https?:\/\/(?!localhost)/);
  });
});
