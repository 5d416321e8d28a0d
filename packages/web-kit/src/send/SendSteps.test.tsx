import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyRemoteConfig, renderUi, setupUiTests } from '../test/ui';
import { resetLinksForTests } from '../lib/links';
import { BroadcastStatus, FeePromptModal, ReviewTable } from './SendSteps';
import type { FeePrompt } from './types';

setupUiTests();
// The fee prompt reads the help link from the remote config.
emptyRemoteConfig();

function showPrompt(prompt: FeePrompt) {
  const onContinue = vi.fn();
  const onClose = vi.fn();
  renderUi(<FeePromptModal prompt={prompt} onContinue={onContinue} onClose={onClose} />);
  return { onContinue, onClose };
}

describe('fee prompt modal (a modal, never window.alert / confirm)', () => {
  it("fee too high: err-28's text and Continue goes on", () => {
    const alert = vi.spyOn(window, 'alert');
    const { onContinue } = showPrompt({ kind: 'feeTooHigh' });
    expect(screen.getByTestId('fee-alert-text').textContent).toBe('The network fee is too high.');
    fireEvent.click(screen.getByTestId('fee-alert-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it('custom fee above the estimate: Continue confirms', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { onContinue } = showPrompt({ kind: 'customFee' });
    fireEvent.click(screen.getByTestId('fee-alert-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("higher_fee says 'higher than $100 (USD)' (symbol, limit, currency); Continue advances", () => {
    const { onContinue } = showPrompt({ kind: 'higher_fee', limit: '100', currency: 'USD', symbol: '$' });
    expect(screen.getByTestId('fee-alert-text').textContent).toContain('higher than $100 (USD)');
    fireEvent.click(screen.getByTestId('fee-alert-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it("max_fee: only the support link (the remote config's help page), opened outside the app", async () => {
    resetLinksForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ links: { help: 'https://help.example/support' } }))),
    );
    showPrompt({ kind: 'max_fee' });
    expect(screen.queryByTestId('fee-alert-continue')).toBeNull();
    const link = screen.getByTestId('fee-alert-support');
    await waitFor(() => expect(link.getAttribute('href')).toBe('https://help.example/support'));
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('review table and status step', () => {
  it('leaves out rows that do not apply', () => {
    renderUi(
      <ReviewTable
        testId="review"
        rows={[{ label: 'To', value: 'addr', testId: 'to' }, false, { label: 'Fee', value: '1' }]}
      />,
    );
    expect(screen.getByTestId('review').querySelectorAll('tr')).toHaveLength(2);
    expect(screen.getByTestId('to').textContent).toBe('addr');
  });

  it('an address row shows groups of four that wrap between groups, never inside one (the device shows whole groups)', () => {
    const address = '0x07B5FdfEB4E11826D233403Fe8Db0611CCF4c231';
    renderUi(
      <ReviewTable
        rows={[
          { label: 'To', value: address, testId: 'to', breakAll: true, address },
          { label: 'Memo', value: 'x'.repeat(80), testId: 'memo', breakAll: true },
        ]}
      />,
    );
    const cell = screen.getByTestId('to');
    expect(cell.textContent).toBe('0x07 B5Fd fEB4 E118 26D2 3340 3Fe8 Db06 11CC F4c2 31');
    // break-all would split a group at the cell's edge ('11CC F' / '4c2 31')
    for (let el: HTMLElement | null = cell.querySelector('span'); el; el = el.parentElement)
      expect(el.style.wordBreak).not.toBe('break-all');
    // other long values still wrap anywhere
    expect(screen.getByTestId('memo').style.wordBreak).toBe('break-all');
  });

  it('success: the hash, a copy button and the explorer link in a new window', () => {
    const onDone = vi.fn();
    renderUi(
      <BroadcastStatus
        result={{ kind: 'success', hash: '0xabc', resultCode: 'state-010' }}
        explorerUrl={(h) => `https://explorer.test/tx/${h}`}
        onDone={onDone}
        testIds="send"
      />,
    );
    expect(screen.getByTestId('send-txid').textContent).toBe('0xabc');
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://explorer.test/tx/0xabc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('send-done'));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('no explorer (local chain): no link; failure shows the message and the node words as text', () => {
    const { rerender } = renderUi(
      <BroadcastStatus
        result={{ kind: 'success', hash: '0xabc', resultCode: 'state-010' }}
        explorerUrl={() => undefined}
        onDone={() => {}}
        testIds="send"
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <BroadcastStatus
        result={{
          kind: 'failed',
          resultCode: 'err-08',
          messageKey: 'err-08',
          conflict: false,
          raw: '<b>nonce too low</b>',
          retryable: false,
        }}
        explorerUrl={() => undefined}
        onDone={() => {}}
        testIds="send"
      />,
    );
    expect(screen.getByTestId('send-failed').textContent).toContain('<b>nonce too low</b>');
    expect(screen.getByTestId('send-failed').querySelector('b')).toBeNull();
  });
});
