import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { EvmBuiltTransaction } from '@secux-companion/chain-evm';
import { initI18n } from '../i18n';
import { LINKS } from '../lib/links';
import { EvmFeePromptModal, type EvmFeePrompt } from './feePrompt';

beforeAll(async () => {
  // Mantine reads these in jsdom.
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  await initI18n(['en']);
});
afterEach(cleanup);

const built = { review: { fee: 1n } } as unknown as EvmBuiltTransaction;

function show(prompt: EvmFeePrompt) {
  const onContinue = vi.fn();
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <EvmFeePromptModal prompt={prompt} onContinue={onContinue} onClose={onClose} />
    </MantineProvider>,
  );
  return { onContinue, onClose };
}

describe('EVM fee prompt modal (no window.confirm / alert)', () => {
  it('custom fee above the estimate: Continue confirms', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { onContinue } = show({ kind: 'customFee', built });
    fireEvent.click(screen.getByTestId('fee-alert-continue'));
    expect(onContinue).toHaveBeenCalledWith({ kind: 'customFee', built });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('higher_fee: Continue advances', () => {
    const { onContinue } = show({ kind: 'higher_fee', limit: '100', currency: 'USD', built });
    fireEvent.click(screen.getByTestId('fee-alert-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('max_fee: only the support link, opened outside the app', () => {
    show({ kind: 'max_fee' });
    expect(screen.queryByTestId('fee-alert-continue')).toBeNull();
    const link = screen.getByTestId('fee-alert-support');
    expect(link.getAttribute('href')).toBe(LINKS.help);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
