/**
 * A token's name cell (TRON and Solana Tokens tabs): a name that is the token's own on-chain metadata carries the
 * "Unverified" mark with its reason, in every language; a listed one does not; a name is shown as text, never markup.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { axeInEveryLanguage } from '../test/axe';
import { renderUi, setupUiTests } from '../test/ui';
import { setLanguage } from '../i18n';
import { TokenNameCell } from './tokens';

setupUiTests();

const MINT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const row = (o: { unverified?: boolean; name?: string; symbol?: string }) => ({
  contract: MINT,
  symbol: o.symbol ?? 'LMPX',
  name: o.name ?? 'Local Metaplex Token',
  decimals: 9,
  balance: 5n,
  standard: 'SPL',
  ...(o.unverified ? { unverified: true } : {}),
});

describe('TokenNameCell', () => {
  it('marks a name from the token itself unverified, with the reason for screen readers and on hover', () => {
    renderUi(<TokenNameCell row={row({ unverified: true })} testIdPrefix="sol-token" />);
    const mark = screen.getByTestId('sol-token-unverified');
    expect(mark.textContent).toContain('Unverified');
    expect(mark.textContent).toContain('not a known token list');
    expect(mark.getAttribute('title')).toMatch(/check the token's address/);
  });

  it('a listed token has no mark', () => {
    renderUi(<TokenNameCell row={row({})} testIdPrefix="sol-token" />);
    expect(screen.queryByTestId('sol-token-unverified')).toBeNull();
  });

  it('renders a name and symbol as text, never as markup', () => {
    const { container } = renderUi(
      <TokenNameCell
        row={row({ unverified: true, symbol: '<b>X</b>', name: '<img src=x onerror=alert(1)>' })}
        testIdPrefix="sol-token"
      />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('says it in zh-TW and pt too, and axe finds nothing', async () => {
    for (const [lng, text] of [
      ['zh-TW', '未驗證'],
      ['pt', 'Não verificado'],
    ] as const) {
      await setLanguage(lng);
      const { unmount } = renderUi(
        <TokenNameCell row={row({ unverified: true })} testIdPrefix="sol-token" />,
      );
      expect(screen.getByTestId('sol-token-unverified').textContent).toContain(text);
      unmount();
    }
    await setLanguage('en');
    expect(
      await axeInEveryLanguage([
        [
          'cell',
          <div data-testid="cell">
            <TokenNameCell row={row({ unverified: true })} testIdPrefix="sol-token" />
          </div>,
        ],
      ]),
    ).toEqual([]);
  });
});
