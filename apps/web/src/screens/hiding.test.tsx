/**
 * Settings → Hide and Settings → Labels (issue 33): a hidden coin leaves the coin menu (and comes back), the dust
 * threshold is checked before it is kept, labels export as BIP-329 JSON lines and a file is imported with its
 * malformed lines refused; all axe-clean in every language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import {
  hiddenCoins,
  preferencesStore,
  reloadPreferencesForTests,
  setCoinHidden,
} from '@secux-companion/web-kit/state/preferences';
import { labelStore, reloadLabelsForTests, setLabel } from '@secux-companion/web-kit/labels/labels';
import { LabelsPanel } from '@secux-companion/web-kit/labels/LabelsPanel';
import { CoinMenu } from '../home/CoinMenu';
import { COIN_MENU } from '../home/coinChoice';
import { HidingSettings } from './HidingSettings';

setupUiTests();

const TX = 'f91d0a8a78462bc59398f2c5d7a84fcff491c26ba54c4833478b202796c8aafd';

beforeEach(() => {
  localStorage.clear();
  reloadPreferencesForTests();
  reloadLabelsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  reloadPreferencesForTests();
});

const menu = () => screen.getAllByRole('button').map((b) => b.getAttribute('data-testid'));

describe('hidden coins', () => {
  it('a coin hidden in Settings is gone from the coin menu, and back when shown again', () => {
    renderUi(
      <>
        <CoinMenu onSelect={() => {}} />
        <HidingSettings />
      </>,
    );
    expect(menu()).toContain('coin-LTC');
    fireEvent.click(screen.getByTestId('hide-coin-LTC'));
    expect(hiddenCoins()).toEqual(['LTC']);
    expect(menu()).not.toContain('coin-LTC');
    // the rest of the menu keeps its order
    expect(menu().filter((id) => id?.startsWith('coin-'))).toEqual(
      COIN_MENU.filter((c) => c !== 'LTC').map((c) => `coin-${c}`),
    );
    fireEvent.click(screen.getByTestId('hide-coin-LTC'));
    expect(menu()).toContain('coin-LTC');
  });

  it('the menu starts without the coins hidden before', () => {
    setCoinHidden('DOGE', true);
    renderUi(<CoinMenu onSelect={() => {}} />);
    expect(screen.queryByTestId('coin-DOGE')).toBeNull();
    expect(screen.getByTestId('coin-BTC')).toBeTruthy();
  });
});

describe('dust and unverified tokens', () => {
  it('dust hiding keeps a valid threshold only', () => {
    renderUi(<HidingSettings />);
    const threshold = screen.getByTestId('hide-dust-threshold');
    fireEvent.change(threshold, { target: { value: '2,5' } });
    fireEvent.click(screen.getByTestId('hide-dust'));
    expect(preferencesStore.get().hideDust).toBe('2.5');
    fireEvent.change(threshold, { target: { value: 'abc' } });
    expect(screen.getByText('A number above 0, at most 1,000,000.')).toBeTruthy();
    expect(preferencesStore.get().hideDust).toBe('2.5');
    fireEvent.change(threshold, { target: { value: '0.1' } });
    expect(preferencesStore.get().hideDust).toBe('0.1');
    fireEvent.click(screen.getByTestId('hide-dust'));
    expect(preferencesStore.get().hideDust).toBeNull();
    fireEvent.click(screen.getByTestId('hide-unverified'));
    expect(preferencesStore.get().hideUnverified).toBe(true);
  });
});

describe('labels in Settings', () => {
  it('exports every label as BIP-329 JSON lines', async () => {
    setLabel('tx', TX, 'Rent');
    setLabel('addr', 'bc1qsavings', 'Savings');
    let blob: Blob | null = null;
    let name = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((blob = b as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      name = this.download;
    });
    renderUi(<LabelsPanel />);
    expect(screen.getAllByTestId('labels-row')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('labels-export'));
    expect(name).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(await blob!.text()).toBe(
      `{"type":"tx","ref":"${TX}","label":"Rent"}\n{"type":"addr","ref":"bc1qsavings","label":"Savings"}\n`,
    );
  });

  it('imports a file, keeping its records and saying how many lines it refused', async () => {
    renderUi(<LabelsPanel />);
    const file = new File(
      [`{"type":"tx","ref":"${TX}","label":"From Sparrow"}\nnot json\n{"type":"nope","ref":"x"}\n`],
      'labels.jsonl',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('labels-notice').textContent).toContain('Labels imported: 1.'),
    );
    expect(screen.getByTestId('labels-notice').textContent).toContain(
      'Lines that are not BIP-329 records, skipped: 1.',
    );
    expect(screen.getByTestId('labels-notice').textContent).toContain('Records of other types, ignored: 1.');
    expect(labelStore.get().records).toEqual([{ type: 'tx', ref: TX, label: 'From Sparrow' }]);
    expect(screen.getAllByTestId('labels-row')).toHaveLength(1);
  });

  it('a file with no record is refused whole', async () => {
    renderUi(<LabelsPanel />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['{"hello":1}\n'], 'x.jsonl')] } });
    await waitFor(() =>
      expect(screen.getByTestId('labels-notice').textContent).toBe(
        'This file is not a BIP-329 label export.',
      ),
    );
    expect(labelStore.get().records).toEqual([]);
  });
});

describe('axe', () => {
  it('Hide and Labels are clean in every language', async () => {
    setLabel('tx', TX, 'Rent');
    setCoinHidden('LTC', true);
    const violations = await axeInEveryLanguage([
      ['hiding-settings', <HidingSettings key="h" />],
      ['labels-panel', <LabelsPanel key="l" />],
    ]);
    expect(violations).toEqual([]);
  }, 60_000);
});
