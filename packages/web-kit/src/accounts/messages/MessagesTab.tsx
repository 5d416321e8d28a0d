import {
  Alert,
  Button,
  Code,
  Group,
  List,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '../../components/CopyText';
import type { MessageCheck } from '@secux-companion/chain-common';
import { runSigning } from '../../send/txFlow';
import type {
  AnyFamily,
  FamilyChain,
  MessageKind,
  MessagePreview,
  MessageSupport,
  MessageTreeNode,
  WalletAccount,
} from '../../family/types';

interface Props {
  support: MessageSupport;
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
}

/**
 * The account page's Messages tab (issue 32): sign a text or typed data with the account's key on the device (the
 * typed data shown as a tree first), and check a signature, which needs no device.
 */
export function MessagesTab({ support, family, chain, account }: Props) {
  const { t } = useTranslation();
  const signs = support.sign ? support.signs : [];
  const [mode, setMode] = useState<'sign' | 'verify'>(signs.length > 0 ? 'sign' : 'verify');
  const target = useQuery({
    queryKey: ['message-target', account.id],
    queryFn: () => family.receiveTarget(chain, account),
    enabled: signs.length > 0,
    staleTime: Infinity,
  });
  return (
    <Stack data-testid="messages-tab">
      {signs.length > 0 && (
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'sign' | 'verify')}
          data={[
            { value: 'sign', label: t('messages.sign') },
            { value: 'verify', label: t('messages.verify') },
          ]}
          aria-label={t('messages.tab')}
          data-testid="messages-mode"
        />
      )}
      {mode === 'sign' && target.data ? (
        <SignPanel support={support} path={target.data.path} address={target.data.address} />
      ) : mode === 'sign' ? (
        target.isError ? (
          <Alert color="red">{t('errors.err-40')}</Alert>
        ) : (
          <Loader size="sm" aria-label={t('accounts.loading')} />
        )
      ) : (
        <VerifyPanel support={support} address={account.address ?? target.data?.address ?? ''} />
      )}
    </Stack>
  );
}

function KindChoice({
  kinds,
  value,
  onChange,
}: {
  kinds: readonly MessageKind[];
  value: MessageKind;
  onChange: (k: MessageKind) => void;
}) {
  const { t } = useTranslation();
  if (kinds.length < 2) return null;
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as MessageKind)}
      data={kinds.map((k) => ({ value: k, label: t(`messages.kind.${k}`) }))}
      aria-label={t('messages.kindLabel')}
      data-testid="messages-kind"
    />
  );
}

function preview(
  support: MessageSupport,
  kind: MessageKind,
  input: string,
): MessagePreview | 'invalid' | null {
  if (kind !== 'typed' || !support.preview || !input.trim()) return null;
  try {
    return support.preview(input);
  } catch {
    return 'invalid';
  }
}

function SignPanel({ support, path, address }: { support: MessageSupport; path: string; address: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MessageKind>(support.signs[0]!);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ signature: string } | { errorKey: string } | null>(null);
  const shown = useMemo(() => preview(support, kind, input), [support, kind, input]);
  const ready = input.length > 0 && shown !== 'invalid' && !busy;

  const sign = async () => {
    setBusy(true);
    setResult(null);
    const outcome = await runSigning(() => support.sign!(path, kind, input));
    setBusy(false);
    if (outcome.kind === 'signed') setResult({ signature: outcome.tx });
    else if (outcome.kind === 'error')
      setResult({ errorKey: `errors.${outcome.messageKey ?? 'signatureError'}` });
  };

  return (
    <Stack>
      <KindChoice
        kinds={support.signs}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setResult(null);
        }}
      />
      <Text size="sm">{t('messages.signWith', { address })}</Text>
      <Textarea
        label={t(kind === 'typed' ? 'messages.typedLabel' : 'messages.textLabel')}
        value={input}
        onChange={(e) => {
          setInput(e.currentTarget.value);
          setResult(null);
        }}
        autosize
        minRows={4}
        maxRows={14}
        styles={kind === 'typed' ? { input: { fontFamily: 'monospace' } } : undefined}
        error={shown === 'invalid' ? t('messages.typedInvalid') : undefined}
        data-testid="messages-input"
      />
      {shown && shown !== 'invalid' && (
        <Stack gap="xs" data-testid="messages-preview">
          <Text fw={600} size="sm">
            {t('messages.previewTitle')}
          </Text>
          {shown.warningKey && <Alert color="yellow">{t(shown.warningKey)}</Alert>}
          <Tree nodes={shown.tree} />
        </Stack>
      )}
      <Group>
        <Button onClick={() => void sign()} disabled={!ready} loading={busy} data-testid="messages-sign">
          {t('messages.signOnDevice')}
        </Button>
        {busy && (
          <Text size="sm" role="status">
            {t('messages.confirmOnDevice')}
          </Text>
        )}
      </Group>
      {result && 'errorKey' in result && (
        <Alert color="red" role="alert">
          {t(result.errorKey)}
        </Alert>
      )}
      {result && 'signature' in result && (
        <Stack gap="xs" data-testid="messages-signature">
          <Text fw={600} size="sm">
            {t('messages.signature')}
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {result.signature}
          </Code>
          <Group>
            <CopyText value={result.signature} testId="messages-copy" />
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function Tree({ nodes }: { nodes: readonly MessageTreeNode[] }) {
  return (
    <List size="sm" listStyleType="none" withPadding>
      {nodes.map((n, i) => (
        <List.Item key={`${n.label}-${i}`}>
          <Text span fw={500} size="sm">
            {n.label}
          </Text>
          {n.value !== undefined && (
            <Text span size="sm" style={{ wordBreak: 'break-all' }}>
              {`: ${n.value}`}
            </Text>
          )}
          {n.children && <Tree nodes={n.children} />}
        </List.Item>
      ))}
    </List>
  );
}

const CHECK_COLOR: Record<MessageCheck, string> = { valid: 'green', invalid: 'red', unreadable: 'yellow' };

function VerifyPanel({ support, address: initial }: { support: MessageSupport; address: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MessageKind>(support.verifies[0]!);
  const [address, setAddress] = useState(initial);
  const [message, setMessage] = useState('');
  const [signature, setSignature] = useState('');
  const [check, setCheck] = useState<MessageCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCheck(null);
    };

  const verify = async () => {
    setBusy(true);
    setCheck(await support.verify(kind, address, message, signature).catch(() => 'unreadable' as const));
    setBusy(false);
  };

  return (
    <Stack>
      <KindChoice kinds={support.verifies} value={kind} onChange={reset(setKind)} />
      <TextInput
        label={t('messages.address')}
        value={address}
        onChange={(e) => reset(setAddress)(e.currentTarget.value)}
        data-testid="verify-address"
      />
      <Textarea
        label={t(kind === 'typed' ? 'messages.typedLabel' : 'messages.textLabel')}
        value={message}
        onChange={(e) => reset(setMessage)(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={14}
        data-testid="verify-message"
      />
      <TextInput
        label={t('messages.signature')}
        value={signature}
        onChange={(e) => reset(setSignature)(e.currentTarget.value)}
        data-testid="verify-signature"
      />
      <Group>
        <Button
          onClick={() => void verify()}
          disabled={!address.trim() || !signature.trim()}
          loading={busy}
          data-testid="verify-run"
        >
          {t('messages.verifyButton')}
        </Button>
      </Group>
      {check && (
        <Alert color={CHECK_COLOR[check]} role="status" data-testid="verify-result" data-result={check}>
          {t(`messages.check.${check}`, { address: address.trim() })}
        </Alert>
      )}
    </Stack>
  );
}
