import { Button, Card, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { contentApi } from './api';
import { useContent } from './useContent';

/** What's-new panel of an update tab: the latest version and its features (server text, rendered as text). */
export function WhatsNew({
  version,
  features,
  testId,
}: {
  version: string | null;
  features: string[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`${testId}-title`}>
          {t('settings.whatsNew')}
        </Title>
        <Text>{t('settings.latestVersion', { version: version ?? '—' })}</Text>
        {features.length > 0 && (
          <List size="sm">
            {features.map((f, i) => (
              <List.Item key={i}>{f}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

/** The SE features of a version from the SE update record (one text per version). */
export function useSeFeatures(version: string | null): string[] {
  const logs = useContent('se-log', contentApi.seLog);
  const entry = logs.data?.find((l) => l.version === version) ?? logs.data?.[0];
  return entry ? entry.features.split('\n').filter(Boolean) : [];
}

/** View update history: every MCU version with its features. */
export function McuHistoryButton() {
  const { t } = useTranslation();
  const size = useModalSize();
  const [open, setOpen] = useState(false);
  const logs = useContent('mcu-log', contentApi.mcuLog, { enabled: open });
  return (
    <>
      <Button variant="subtle" onClick={() => setOpen(true)} data-testid="mcu-history-open">
        {t('settings.viewHistory')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('settings.historyTitle')}
        size={size}
        centered
      >
        {logs.isError && <Text c="red">{t('settings.contentError')}</Text>}
        <Table data-testid="mcu-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.historyVersion')}</Table.Th>
              <Table.Th>{t('settings.historyDate')}</Table.Th>
              <Table.Th>{t('settings.historyFeatures')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(logs.data ?? []).map((log) => (
              <Table.Tr key={log.version}>
                <Table.Td>{log.version}</Table.Td>
                <Table.Td>{log.displayDate}</Table.Td>
                <Table.Td>
                  <List size="sm">
                    {log.features.map((f, i) => (
                      <List.Item key={i}>{f}</List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
