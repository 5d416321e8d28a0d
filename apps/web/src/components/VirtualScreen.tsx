import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenPrompt } from '@secux-companion/emulator';
import { useRuntime } from '@secux-companion/web-kit/device/runtime';

/**
 * The emulator's screen: what a real SecuX would show (address to verify, amount, fee, recipient,
 * token, OTP) with its two buttons. Rendered only while the emulator is in use. The lines are the
 * device's own display text, like a real device's screen; the panel around them is translated.
 */
export function VirtualScreen() {
  const { t } = useTranslation();
  const emulator = useRuntime((r) => r.emulator);
  const [prompt, setPrompt] = useState<ScreenPrompt | null>(null);

  useEffect(() => {
    if (!emulator) return;
    setPrompt(emulator.screen.current);
    return emulator.screen.subscribe(setPrompt);
  }, [emulator]);

  if (!emulator) return null;
  return (
    <Paper
      shadow="lg"
      withBorder
      p="sm"
      w={300}
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 1100 }}
      component="aside"
      aria-label={t('emulator.screenLabel')}
      data-testid="virtual-screen"
    >
      <Text size="xs" c="dimmed" mb={4}>
        {t('emulator.screenLabel')}
      </Text>
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
    </Paper>
  );
}
