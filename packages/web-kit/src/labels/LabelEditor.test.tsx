/** The receive panel's address label (issue 33): shown, set and removed in place; axe-clean in every language. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import { axeInEveryLanguage } from '../test/axe';
import { exportLabels, reloadLabelsForTests } from './labels';
import { AddressLabelField } from './LabelEditor';

setupUiTests();

const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

beforeEach(() => {
  localStorage.clear();
  reloadLabelsForTests();
});

describe('address label', () => {
  it('is set from the receive panel and exported as a BIP-329 addr record; Remove drops it', async () => {
    renderUi(<AddressLabelField address={ADDRESS} />);
    expect(screen.getByTestId('address-label-text').textContent).toBe('No label');
    fireEvent.click(screen.getByTestId('address-label-edit'));
    fireEvent.change(await screen.findByTestId('label-input'), { target: { value: 'Exchange deposit' } });
    fireEvent.click(screen.getByTestId('label-save'));
    await waitFor(() =>
      expect(screen.getByTestId('address-label-text').textContent).toBe('Label: Exchange deposit'),
    );
    expect(exportLabels()).toBe(`{"type":"addr","ref":"${ADDRESS}","label":"Exchange deposit"}\n`);
    fireEvent.click(screen.getByTestId('address-label-edit'));
    fireEvent.click(await screen.findByTestId('label-remove'));
    await waitFor(() => expect(screen.getByTestId('address-label-text').textContent).toBe('No label'));
    expect(exportLabels()).toBe('');
  });

  it('axe: the field and its dialog in every language', async () => {
    const violations = await axeInEveryLanguage([
      ['address-label', <AddressLabelField key="a" address={ADDRESS} />],
      [
        'label-input',
        <AddressLabelField key="b" address={ADDRESS} />,
        async () => {
          fireEvent.click(await screen.findByTestId('address-label-edit'));
        },
      ],
    ]);
    expect(violations).toEqual([]);
  }, 60_000);
});
