import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenPrompt } from '@secux-companion/emulator';
import { useRuntime } from '@secux-companion/web-kit/device/runtime';

/**
 * The emulator's screen: what a real SecuX would show (address to verify, amount, fee, recipient,
 * token, OTP) with its two buttons. Rendered only while the emulator is in use. The lines are the
 * device's own display text, like a real device's screen; the panel around them is translated.
 *
 * The panel folds down to its title bar so it does not cover the page (account cards on a phone); the choice
 * is kept for the browser session. A new prompt on the device unfolds it (the user has to act on it); once the
 * prompt is answered the panel goes back to the folded state the user chose.
 */
export function VirtualScreen() {
  const { t } = useTranslation();
  const emulator = useRuntime((r) => r.emulator);
  const [prompt, setPrompt] = useState<ScreenPrompt | null>(null);
  const [folded, setFolded] = useState(storedFolded);
  const bodyId = useId();

  useEffect(() => {
    if (!emulator) return;
    setPrompt(emulator.screen.current);
    return emulator.screen.subscribe(setPrompt);
  }, [emulator]);

  useEffect(() => setFolded(prompt ? false : storedFolded()), [prompt]);

  const toggle = () => {
    const next = !folded;
    setFolded(next);
    storeFolded(next);
  };

  if (!emulator) return null;
  return (
    <Paper
      shadow="lg"
      withBorder
      p="sm"
      w={folded ? undefined : 300}
      maw="calc(100vw - 32px)"
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 1100 }}
      component="aside"
      aria-label={t('emulator.screenLabel')}
      data-testid="virtual-screen"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={folded ? 0 : 4}>
        <Text size="xs" c="dimmed">
          {t('emulator.screenLabel')}
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={toggle}
          aria-expanded={!folded}
          aria-controls={bodyId}
          data-testid="virtual-screen-toggle"
        >
          {folded ? t('emulator.show') : t('emulator.hide')}
        </Button>
      </Group>
      <div id={bodyId} hidden={folded}>
        <Paper bg="dark.8" c="gray.0" p="sm" radius="sm" mih={90} aria-live="polite">
          {prompt ? (
            <Stack gap={4} data-testid="virtual-screen-prompt" data-kind={prompt.kind}>
              <Text fw={700} size="sm">
                {prompt.title}
              </Text>
              {prompt.lines.map((line, i) => (
                <div key={i}>
                  <Text size="xs" c="gray.5">
                    {line.label}
                  </Text>
                  <Text
                    size="sm"
                    ff="monospace"
                    style={{ wordBreak: 'break-all' }}
                    data-testid="virtual-screen-value"
                  >
                    {line.value}
                  </Text>
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="gray.5">
              {t('emulator.idle')}
            </Text>
          )}
        </Paper>
        {prompt && (
          <Group grow mt="sm">
            {prompt.needsDecision && (
              <Button
                color="red"
                variant="light"
                onClick={() => emulator.screen.reject()}
                data-testid="emulator-reject"
              >
                {t('emulator.reject')}
              </Button>
            )}
            <Button color="green" onClick={() => emulator.screen.approve()} data-testid="emulator-approve">
              {prompt.needsDecision ? t('emulator.approve') : t('emulator.ok')}
            </Button>
          </Group>
        )}
      </div>
    </Paper>
  );
}

const FOLDED_KEY = 'secux.virtualScreen.folded';

/** The fold the user chose in this browser session (unfolded until they fold it). */
function storedFolded(): boolean {
  try {
    return sessionStorage.getItem(FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeFolded(folded: boolean) {
  try {
    sessionStorage.setItem(FOLDED_KEY, folded ? '1' : '0');
  } catch {
    // storage refused (private mode): the fold lasts until the page is left
  }
}
