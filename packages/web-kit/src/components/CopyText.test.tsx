import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onToast, type Toast } from '../lib/toast';
import { renderUi, setupUiTests } from '../test/ui';
import { COPY_FEEDBACK_MS, CopyText } from './CopyText';

setupUiTests();

let toasts: Toast[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onToast((t) => toasts.push(t));
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

function withClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('copy button (spec 01 §8: a copied or copy-failed toast)', () => {
  it("writes the value and toasts 'Copied!' for 1 s; the button keeps its label", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    withClipboard(writeText);
    renderUi(<CopyText value="0xabc" testId="copy" />);
    fireEvent.click(screen.getByTestId('copy'));
    await waitFor(() =>
      expect(toasts).toEqual([{ message: 'Copied!', color: 'green', autoClose: COPY_FEEDBACK_MS }]),
    );
    expect(COPY_FEEDBACK_MS).toBe(1000);
    expect(writeText).toHaveBeenCalledWith('0xabc');
    expect(screen.getByTestId('copy').textContent).toBe('Copy');
  });

  it("toasts 'Copy failed' when the clipboard refuses", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withClipboard(() => Promise.reject(new Error('denied')));
    renderUi(<CopyText value="0xabc" testId="copy" />);
    fireEvent.click(screen.getByTestId('copy'));
    await waitFor(() => expect(toasts.map((t) => [t.message, t.color])).toEqual([['Copy failed', 'red']]));
  });
});
