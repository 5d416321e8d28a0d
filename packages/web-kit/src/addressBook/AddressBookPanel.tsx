import { Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '../components/CopyText';
import { downloadText, readTextFile } from '../lib/files';
import { ADDRESS_BOOK_FILE_MAX, exportBook, importBook, removeContact, useContacts } from './book';

/** Settings → Address book (issue 32): every saved contact by chain, removable; the book exported and imported. */
export function AddressBookPanel() {
  const { t } = useTranslation();
  const contacts = [...useContacts()].sort(
    (a, b) => a.scope.localeCompare(b.scope) || a.label.localeCompare(b.label),
  );
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const download = () => downloadText(exportBook(), 'address-book.json', 'application/json');

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const { saved, skipped } = importBook(await readTextFile(file, ADDRESS_BOOK_FILE_MAX));
      setNotice({ ok: true, text: t('addressBook.imported', { saved, skipped }) });
    } catch {
      setNotice({ ok: false, text: t('addressBook.importFailed') });
    }
  };

  return (
    <Stack data-testid="address-book">
      <Text size="sm">{t('addressBook.intro')}</Text>
      <Group>
        <Button
          variant="default"
          onClick={download}
          disabled={contacts.length === 0}
          data-testid="address-book-export"
        >
          {t('addressBook.export')}
        </Button>
        <FileButton onChange={(f) => void upload(f)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props} data-testid="address-book-import">
              {t('addressBook.import')}
            </Button>
          )}
        </FileButton>
      </Group>
      {notice && (
        <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      )}
      {contacts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('addressBook.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('addressBook.chain')}</Table.Th>
                <Table.Th>{t('addressBook.label')}</Table.Th>
                <Table.Th>{t('addressBook.address')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((c) => (
                <Table.Tr key={`${c.scope}:${c.address}`} data-testid="address-book-row">
                  <Table.Td>{c.scope}</Table.Td>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {c.address}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <CopyText value={c.address} size="xs" />
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => removeContact(c.scope, c.address)}
                        aria-label={t('addressBook.removeLabel', { label: c.label })}
                      >
                        {t('addressBook.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
