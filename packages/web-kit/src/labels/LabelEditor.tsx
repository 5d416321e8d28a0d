/**
 * Labelling a transaction or an address (issue 33, BIP-329 records kept in this browser): the history list's
 * "Label" opens {@link LabelModal}; the receive panel has {@link AddressLabelField} under the address.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { LABEL_MAX, labelOf, labelStore, setLabel, useLabel, type LabelType } from './labels';

/** Edits one record's label: Save keeps it, Remove (or an empty label) drops it. */
export function LabelModal({
  type,
  refId,
  onClose,
}: {
  type: LabelType;
  /** The record's reference (a transaction id, an address). */
  refId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const current = labelOf(labelStore.get().records, type, refId);
  const [text, setText] = useState(current ?? '');
  const [failed, setFailed] = useState(false);
  const save = (value: string) => {
    if (setLabel(type, refId, value)) onClose();
    else setFailed(true);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t(type === 'tx' ? 'labels.txTitle' : 'labels.addrTitle')}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save(text);
        }}
      >
        <Stack>
          <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {refId}
          </Text>
          <TextInput
            label={t('labels.label')}
            description={t('labels.localOnly')}
            value={text}
            maxLength={LABEL_MAX}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
            data-testid="label-input"
          />
          {failed && (
            <Text c="red" size="sm" role="alert">
              {t('labels.full')}
            </Text>
          )}
          <Group justify="flex-end">
            {current && (
              <Button variant="subtle" color="red" onClick={() => save('')} data-testid="label-remove">
                {t('labels.remove')}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" data-testid="label-save">
              {t('labels.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The address's label under a receive address: shown, and set or changed in place. */
export function AddressLabelField({ address }: { address: string }) {
  const { t } = useTranslation();
  const label = useLabel('addr', address);
  const [editing, setEditing] = useState(false);
  return (
    <Group gap="xs" data-testid="address-label">
      <Text size="sm" c={label ? undefined : 'dimmed'} data-testid="address-label-text">
        {label ? t('labels.shown', { label }) : t('labels.none')}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setEditing(true)}
        data-testid="address-label-edit"
      >
        {label ? t('labels.edit') : t('labels.add')}
      </Button>
      {editing && <LabelModal type="addr" refId={address} onClose={() => setEditing(false)} />}
    </Group>
  );
}
