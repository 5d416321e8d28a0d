import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { emptyRemoteConfig, renderUi, setupUiTests } from '../test/ui';
import { initialSendFlow } from './sendFlow';
import { SendFlowModal } from './SendFlowModal';
import { RecipientField } from './RecipientField';
import type { SendFlow } from './useSendFlow';

setupUiTests();
emptyRemoteConfig();

/** The send modal on Details, holding a recipient, with the fee question up or not. */
function Send({ feeQuestion, onClose }: { feeQuestion: boolean; onClose: () => void }) {
  const [prompt, setPrompt] = useState(feeQuestion);
  const [recipient, setRecipient] = useState('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  const flow: SendFlow<string> = {
    state: {
      ...initialSendFlow<string>(),
      prompt: prompt ? { prompt: { kind: 'feeTooHigh' }, built: 'draft', stage: 0 } : null,
    },
    start: vi.fn(),
    sign: vi.fn(),
    broadcast: vi.fn(),
    reset: vi.fn(),
    promptContinue: vi.fn(),
    promptClose: () => setPrompt(false),
  };
  return (
    <SendFlowModal
      flow={flow}
      title="Send"
      testIds="send"
      details={
        <RecipientField value={recipient} onChange={setRecipient} resolvedFrom={null} resolving={false} />
      }
      canContinue
      onContinue={vi.fn()}
      reviewRows={() => []}
      explorerUrl={() => undefined}
      onClose={onClose}
      onDone={onClose}
    />
  );
}

/** Escape where the browser sends it: to the focused element (the window hears it as it travels down). */
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('send modal: Escape closes the modal on top alone', () => {
  it('on the fee question: the question closes, the send stays with its recipient', async () => {
    const onClose = vi.fn();
    renderUi(<Send feeQuestion onClose={onClose} />);
    await screen.findByTestId('fee-alert-text');
    escape();
    await waitFor(() => expect(screen.queryByTestId('fee-alert-text')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('send-recipient')).toHaveProperty(
      'value',
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    // With nothing over it, Escape closes the send.
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('on the QR scanner: the scanner closes, the send stays', async () => {
    const onClose = vi.fn();
    renderUi(<Send feeQuestion={false} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('send-scan'));
    await screen.findByTestId('qr-scan-problem');
    escape();
    await waitFor(() => expect(screen.queryByTestId('qr-scan-problem')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
