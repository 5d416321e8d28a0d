/**
 * The action modal's Details step (spec 03 §2, §4): the account (or the request form), the name typed or acted on
 * with its availability hint, a renewal's new expiry, the bundles bought, a transfer's recipient, the fee and
 * whether the balance pays it, and a build or device failure.
 */
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  BUNDLE_SET_SIZE,
  DEFAULT_HANDLE_DOMAIN,
  formatSuf,
  renewedExpiration,
} from '@secux-companion/chain-fio';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FioChain } from '../chain';
import { BUNDLE_SETS, checksName, type ActionTarget } from './actions';
import type { FioDomainAccount } from './model';
import type { ActionForm } from './useActionForm';

/** 'Available', 'domainRegistered' / 'not available', 'Can not check {type}…' or 'Checking…' for the name typed. */
function availabilityHint(t: TFunction, form: ActionForm): string | null {
  const { action, availability, name } = form;
  if (availability.name !== name || !checksName(action)) return null;
  switch (availability.state) {
    case 'taken':
      return action === 'registerDomain' ? t('fio.hints.domainRegistered') : t('fio.hints.notAvailable');
    case 'available':
      return t('fio.hints.available');
    case 'error':
      return t('fio.errors.checkFailed', {
        type: action === 'registerDomain' ? t('fio.domainWord') : t('fio.handle'),
      });
    case 'checking':
      return t('fio.hints.checking');
    default:
      return null;
  }
}

function feeText(t: TFunction, form: ActionForm, coin: string): string {
  if (form.cost !== null) return t('fio.fee', { fee: `${formatSuf(form.cost)} ${coin}` });
  return form.feeError ? t('fio.errors.feeFailed') : t('fio.feeLoading');
}

/** The account, or the handle's name and its domain, or the domain's name. */
function NameFields({
  form,
  accounts,
  ownDomains,
  target,
}: {
  form: ActionForm;
  accounts: FioDomainAccount[];
  ownDomains: string[];
  target: ActionTarget;
}) {
  const { t } = useTranslation();
  const { action, nameInput, nameValid } = form;
  return (
    <>
      {action === 'sendRequest' ? (
        form.requestForm.fields
      ) : (
        <Select
          label={t('fio.account')}
          data={accounts.map((a) => ({ value: a.path, label: a.name }))}
          value={form.accountPath}
          onChange={(v) => v && form.setAccountPath(v)}
          disabled={!!target.owner}
          allowDeselect={false}
          data-testid="fio-action-account"
        />
      )}
      {action === 'registerHandle' && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('fio.handleName')}
            value={nameInput}
            onChange={(e) => form.setNameInput(e.currentTarget.value)}
            error={nameInput && !nameValid ? t('fio.errors.invalidHandle') : undefined}
            data-testid="fio-name-input"
            style={{ flex: 1 }}
          />
          <Select
            label={t('fio.domainWord')}
            data={[DEFAULT_HANDLE_DOMAIN, ...ownDomains.filter((d) => d !== DEFAULT_HANDLE_DOMAIN)]}
            value={form.handleDomain}
            onChange={(v) => v && form.setHandleDomain(v)}
            allowDeselect={false}
            data-testid="fio-handle-domain"
          />
        </Group>
      )}
      {action === 'registerDomain' && (
        <TextInput
          label={t('fio.domainName')}
          value={nameInput}
          onChange={(e) => form.setNameInput(e.currentTarget.value)}
          error={nameInput && !nameValid ? t('fio.errors.invalidDomain') : undefined}
          data-testid="fio-name-input"
        />
      )}
    </>
  );
}

/** What a renewal, a bundle purchase or a transfer acts on and adds. */
function TargetFields({ form, target }: { form: ActionForm; target: ActionTarget }) {
  const { t } = useTranslation();
  const { action } = form;
  return (
    <>
      {(action === 'renewDomain' || action === 'transferDomain' || action === 'addBundled') && (
        <Text data-testid="fio-action-target">{form.name}</Text>
      )}
      {action === 'renewDomain' && target.expiration && (
        <Text size="sm" c="dimmed" data-testid="fio-renew-expiry">
          {t('fio.renewTo', {
            date: renewedExpiration(new Date(`${target.expiration}Z`)).toLocaleDateString(),
          })}
        </Text>
      )}
      {action === 'addBundled' && (
        <Text size="sm">{t('fio.bundlesBought', { count: BUNDLE_SET_SIZE * BUNDLE_SETS })}</Text>
      )}
      {action === 'transferDomain' && (
        <TextInput
          label={t('fio.transferTo')}
          value={form.recipient}
          onChange={(e) => form.setRecipient(e.currentTarget.value)}
          error={form.recipientKey?.error}
          data-testid="fio-transfer-recipient"
        />
      )}
    </>
  );
}

export function ActionDetails({
  chain,
  form,
  accounts,
  ownDomains,
  target,
  failure,
  busy,
  onNext,
  onClose,
}: {
  chain: FioChain;
  form: ActionForm;
  accounts: FioDomainAccount[];
  ownDomains: string[];
  target: ActionTarget;
  /** A build or device failure. */
  failure: string | null;
  /** Building after Next. */
  busy: boolean;
  onNext: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const hint = availabilityHint(t, form);
  const state = form.availability.state;
  return (
    <Stack>
      <NameFields form={form} accounts={accounts} ownDomains={ownDomains} target={target} />
      <TargetFields form={form} target={target} />
      {hint && (
        <Text
          size="sm"
          c={state === 'available' ? 'green' : state === 'checking' ? 'dimmed' : 'red'}
          data-testid="fio-availability"
          aria-live="polite"
        >
          {hint}
        </Text>
      )}
      <Text size="sm" data-testid="fio-action-fee">
        {feeText(t, form, chain.coin)}
      </Text>
      {form.insufficient && (
        <Text size="sm" c="red" role="alert" data-testid="fio-insufficient">
          {t('fio.insufficientBalance')}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="fio-action-error">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('fio.cancel')}
        </Button>
        <Button onClick={onNext} disabled={!form.canNext} loading={busy} data-testid="fio-action-next">
          {t('fio.next')}
        </Button>
      </Group>
    </Stack>
  );
}
