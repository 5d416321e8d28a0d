import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import { CopyText } from './CopyText';

setupUiTests();
afterEach(() => vi.unstubAllGlobals());

function withClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('copy button', () => {
  it("writes the value and says 'Copied!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    withClipboard(writeText);
    renderUi(<CopyText value="0xabc" testId="copy" />);
    expect(screen.getByTestId('copy').textContent).toBe('Copy');
    fireEvent.click(screen.getByTestId('copy'));
    await waitFor(() => expect(screen.getByTestId('copy').textContent).toBe('Copied!'));
    expect(writeText).toHaveBeenCalledWith('0xabc');
  });

  it("says 'Failed' when the clipboard refuses", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withClipboard(() => Promise.reject(new Error('denied')));
    renderUi(<CopyText value="0xabc" testId="copy" />);
    fireEvent.click(screen.getByTestId('copy'));
    await waitFor(() => expect(screen.getByTestId('copy').textContent).toBe('Failed'));
  });
});
