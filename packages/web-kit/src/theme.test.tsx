import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Anchor, Loader, MantineProvider, Modal } from '@mantine/core';
import { setupUiTests } from './test/ui';
import { theme } from './theme';

setupUiTests();

describe('theme defaults (WCAG: named controls, links told apart by more than colour)', () => {
  it("a modal's icon-only close button is named in the interface language; links are underlined", async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Send">
          <Anchor href="https://example.org">Guide</Anchor>
        </Modal>
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Guide' }).getAttribute('data-underline')).toBe('always');
  });

  it('a spinner is a status, so its label is a valid name (not an aria-label on a plain span)', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
