import { Button, Group, Menu, TextInput } from '@mantine/core';
import { stripScheme } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../accounts/store';
import {
  CONTACT_LABEL_MAX,
  cleanLabel,
  contactFor,
  contactsOf,
  saveContact,
  useContacts,
} from '../addressBook/book';
import { QrScannerModal } from './QrScannerModal';
import { RecipientNotice, useRecipientHistory } from './RecipientNotice';

/** The chain's saved contacts as a menu beside the recipient (issue 32: the address book). */
function ContactsMenu({ scope, onChoose }: { scope: string; onChoose: (address: string) => void }) {
  const { t } = useTranslation();
  const contacts = contactsOf(useContacts(), scope);
  if (contacts.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          mt={25}
          aria-label={t('addressBook.chooseContact')}
          data-testid="send-contacts"
        >
          {t('addressBook.contacts')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {contacts.map((c) => (
          <Menu.Item
            key={c.address}
            onClick={() => onChoose(c.address)}
            data-testid="send-contact"
            data-address={c.address}
          >
            {`${c.label} · ${c.address.slice(0, 8)}…${c.address.slice(-6)}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Under a valid recipient that is no contact yet: save it with a label. */
function SaveContact({ scope, address }: { scope: string; address: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  if (!open)
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpen(true)}
        data-testid="contact-save-open"
      >
        {t('addressBook.save')}
      </Button>
    );
  const tooLong = [...label.trim()].length > CONTACT_LABEL_MAX;
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={t('addressBook.label')}
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        error={tooLong ? t('addressBook.labelTooLong', { max: CONTACT_LABEL_MAX }) : undefined}
        data-autofocus
        data-testid="contact-label"
      />
      <Button
        onClick={() => saveContact(scope, address, label) && setOpen(false)}
        disabled={!cleanLabel(label) || tooLong}
        data-testid="contact-save"
      >
        {t('addressBook.saveButton')}
      </Button>
    </Group>
  );
}

/**
 * The send form's recipient (spec 01 §4): a 'scheme:' prefix is removed from pasted text, a QR scan fills
 * the entry, and the domain state (resolving / resolved from) shows under it. Validation is the caller's;
 * a valid entry is checked against the account's history (first-send notice, look-alike warning).
 */
export function RecipientField({
  value,
  onChange,
  error,
  resolvedFrom,
  resolving,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  resolvedFrom: string | null;
  resolving: boolean;
}) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const scope = useAccounts((s) => s.scope);
  const contacts = useContacts();
  const contact = scope ? contactFor(contacts, scope, value) : undefined;
  const valid = value.trim() !== '' && !error && !resolving;
  // The history is read from the moment the form opens: the notice then comes with the entry, not after it.
  useRecipientHistory();
  return (
    <>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('send.recipient')}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onPaste={(e) => {
            e.preventDefault();
            onChange(stripScheme(e.clipboardData.getData('text')).trim());
          }}
          error={error}
          description={
            resolvedFrom
              ? t('send.resolvedFrom', { domain: resolvedFrom })
              : resolving
                ? t('send.resolvingDomain')
                : contact
                  ? t('addressBook.saved', { label: contact.label })
                  : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          spellCheck={false}
          data-testid="send-recipient"
        />
        <Button
          variant="default"
          mt={25}
          onClick={() => setScanning(true)}
          aria-label={t('send.scanQr')}
          data-testid="send-scan"
        >
          {t('send.scan')}
        </Button>
        {scope && <ContactsMenu scope={scope} onChoose={onChange} />}
      </Group>
      {valid && scope && !contact && <SaveContact key={value.trim()} scope={scope} address={value.trim()} />}
      {valid && <RecipientNotice recipient={value} where="details" />}
      {scanning && (
        <QrScannerModal
          onClose={() => setScanning(false)}
          onScan={(text) => {
            setScanning(false);
            onChange(text);
          }}
        />
      )}
    </>
  );
}
