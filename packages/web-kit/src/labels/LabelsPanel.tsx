import { Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, readTextFile } from '../lib/files';
import { exportLabels, importLabels, LABEL_MAX, LABELS_FILE_MAX, setLabel, useLabels } from './labels';

/** Most records listed on the panel (the export has them all). */
const LISTED = 200;

/**
 * Settings → Labels (issue 33): the transaction and address labels of every chain, exported and imported as BIP-329
 * JSON lines; an import says how many records it kept and which lines it refused.
 */
export function LabelsPanel() {
  const { t } = useTranslation();
  const records = useLabels();
  const labelled = records.filter((r) => r.label);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const download = () =>
    downloadText(
      exportLabels(),
      `labels-${new Date().toISOString().slice(0, 10)}.jsonl`,
      'application/jsonl',
    );

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const r = importLabels(await readTextFile(file, LABELS_FILE_MAX));
      const parts = [t('labels.imported', { count: r.saved })];
      if (r.malformed) parts.push(t('labels.importMalformed', { count: r.malformed }));
      if (r.ignored) parts.push(t('labels.importIgnored', { count: r.ignored }));
      if (r.truncated) parts.push(t('labels.importTruncated', { count: r.truncated, max: LABEL_MAX }));
      if (r.overflow) parts.push(t('labels.importFull', { count: r.overflow }));
      setNotice({ ok: r.malformed === 0 && r.overflow === 0, text: parts.join(' ') });
    } catch {
      setNotice({ ok: false, text: t('labels.importFailed') });
    }
  };

  return (
    <Stack data-testid="labels-panel">
      <Text size="sm">{t('labels.intro')}</Text>
      <Group>
        <Button
          variant="default"
          onClick={download}
          disabled={records.length === 0}
          data-testid="labels-export"
        >
          {t('labels.export')}
        </Button>
        <FileButton
          onChange={(f) => void upload(f)}
          accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
        >
          {(props) => (
            <Button variant="default" {...props} data-testid="labels-import">
              {t('labels.import')}
            </Button>
          )}
        </FileButton>
      </Group>
      {notice && (
        <Alert
          color={notice.ok ? 'green' : 'yellow'}
          role={notice.ok ? 'status' : 'alert'}
          data-testid="labels-notice"
        >
          {notice.text}
        </Alert>
      )}
      {labelled.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('labels.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('labels.type')}</Table.Th>
                <Table.Th>{t('labels.label')}</Table.Th>
                <Table.Th>{t('labels.ref')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labelled.slice(0, LISTED).map((r) => (
                <Table.Tr key={`${r.type}:${r.ref}`} data-testid="labels-row">
                  <Table.Td>{t(`labels.types.${r.type}`)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{r.label}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {r.ref}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setLabel(r.type, r.ref, '')}
                      aria-label={t('labels.removeNamed', { label: r.label })}
                    >
                      {t('labels.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {labelled.length > LISTED && (
        <Text size="sm" c="dimmed">
          {t('labels.more', { count: labelled.length - LISTED })}
        </Text>
      )}
    </Stack>
  );
}
