/**
 * The send form's memo / tag (spec 01 §4 "memo/tag (XRP, XLM, BNB)", §5 "Tag/memo: optional (checkbox)"): one
 * field for every family that has one. A checkbox turns it on; the family says what it is (an XRP destination
 * tag, a Stellar memo with its type, a plain memo with a byte limit), whether the recipient requires it (then it
 * is on, cannot be turned off, and the reason shows), and passes its own rule (`validate`: chain-xrp's tag range,
 * chain-stellar's memo types …); without one only a plain memo's byte limit is checked. Behind firmware gate 1.25
 * (core's `tagMemo` feature): below it the field is replaced by the spec's message and a required memo blocks the
 * send (`memoTagCheck` says so).
 */
import { Alert, Checkbox, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ChainSymbol, Issue } from '@secux-companion/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { featureAvailable } from '../accounts/sendGate';
import { useDeviceInfo } from '../state/deviceInfo';
import { issueText } from '../lib/format';

/** Stellar's memo types (text ≤ 28 bytes, id ≤ 2^64−1, hash and return: 32 bytes as 64 hex digits). */
export type MemoKindType = 'text' | 'id' | 'hash' | 'return';

/** What the field holds for the family. */
export type MemoTagKind =
  /** XRP destination tag: an integer 0..2^32−1. */
  | { kind: 'tag' }
  /** A memo with a type selector (Stellar); `types` lists the types offered, the first is the default. */
  | { kind: 'memo'; types: readonly MemoKindType[] }
  /** A plain text memo of at most `maxBytes` UTF-8 bytes (unlimited here when `maxBytes` is absent). */
  | { kind: 'plain'; maxBytes?: number };

/** The field's value as the form keeps it. */
export interface MemoTagValue {
  /** The checkbox (forced on while required). */
  enabled: boolean;
  text: string;
  /** Memo type for kind 'memo' (the first of `types` when unset). */
  type?: MemoKindType;
}

export const EMPTY_MEMO_TAG: MemoTagValue = { enabled: false, text: '' };

/** The recipient requires the memo / tag (XRP lsfRequireDestTag, Stellar SEP-29): the reason is shown. */
export interface MemoTagRequirement {
  /** Already translated reason ('This account requires a destination tag.'). */
  reason: string;
}

/** A family's own rule: an issue (core catalogue code) or undefined when valid. Empty text is never passed. */
export type MemoTagRule = (text: string, type: MemoKindType) => Issue | undefined;

/**
 * The rule when the family passes none: a plain memo within its `maxBytes`. A tag's or a typed memo's limits are the
 * family's (chain-xrp's `validateXrpTag`, chain-stellar's memo parser), passed as `validate`.
 */
export function defaultMemoTagRule(kind: MemoTagKind): MemoTagRule {
  return (text) => {
    if (kind.kind === 'plain' && kind.maxBytes !== undefined)
      return new TextEncoder().encode(text).length <= kind.maxBytes
        ? undefined
        : { code: 'invalidTagOrMemo' };
    return undefined;
  };
}

export interface MemoTagCheck {
  /** Continue may proceed as far as the memo / tag goes. */
  ok: boolean;
  /** What to show under the input (translated), when something is wrong. */
  error?: string;
  /** The firmware is below gate 1.25 (the field is not offered). */
  gated: boolean;
  /** The memo to put into the transaction, or undefined for none. */
  memo?: { text: string; type: MemoKindType };
}

/**
 * The field's verdict for the form's Continue: valid, the error text, and the memo to send. Pure (the firmware
 * verdict is passed in), so families test their gating with it.
 */
export function memoTagCheck(
  t: TFunction,
  args: {
    coin: ChainSymbol;
    kind: MemoTagKind;
    value: MemoTagValue;
    required?: MemoTagRequirement | null | undefined;
    validate?: MemoTagRule | undefined;
    firmwareOk: boolean;
  },
): MemoTagCheck {
  const { kind, value, required, firmwareOk } = args;
  const type = value.type ?? (kind.kind === 'memo' ? (kind.types[0] ?? 'text') : 'text');
  if (!firmwareOk) {
    return required
      ? { ok: false, gated: true, error: t('errors.featureRequiresFirmware', { version: '1.25' }) }
      : { ok: true, gated: true };
  }
  const on = value.enabled || !!required;
  const text = value.text.trim();
  if (!on || text === '') {
    if (required)
      return { ok: false, gated: false, error: t('memoTag.required', { reason: required.reason }) };
    return { ok: true, gated: false };
  }
  const rule = args.validate ?? defaultMemoTagRule(kind);
  const issue = rule(text, type);
  if (issue) return { ok: false, gated: false, error: issueText(t, issue) };
  return { ok: true, gated: false, memo: { text, type } };
}

/** The device's firmware has the tag/memo feature (gate 1.25; unknown versions count as having it). */
export function useMemoTagFirmware(): boolean {
  const mcuVersion = useDeviceInfo((s) => s.mcuVersion);
  const seVersion = useDeviceInfo((s) => s.seVersion);
  const deviceType = useDeviceInfo((s) => s.deviceType);
  return featureAvailable('tagMemo', { mcuVersion, seVersion, deviceType });
}

export interface MemoTagFieldProps {
  /** The coin of the send. */
  coin: ChainSymbol;
  /** Tag, typed memo or plain memo. */
  kind: MemoTagKind;
  value: MemoTagValue;
  onChange: (value: MemoTagValue) => void;
  /** Set when the recipient requires it: the checkbox is on and locked, the reason shows. */
  required?: MemoTagRequirement | null | undefined;
  /** The family's rule (see {@link defaultMemoTagRule} for what is checked without one). */
  validate?: MemoTagRule | undefined;
  /** Show the error (after the user typed or pressed Continue); the verdict itself is `memoTagCheck`. */
  showError?: boolean;
  /** The firmware verdict; defaults to the connected device's (gate 1.25). */
  firmwareOk?: boolean;
  disabled?: boolean;
}

/** The memo / tag field of the send Details step. */
export function MemoTagField(props: MemoTagFieldProps) {
  const { t } = useTranslation();
  const deviceOk = useMemoTagFirmware();
  const firmwareOk = props.firmwareOk ?? deviceOk;
  const { coin, kind, value, onChange, required, disabled } = props;
  const id = useId();
  const reasonId = `${id}-reason`;
  const check = memoTagCheck(t, { coin, kind, value, required, validate: props.validate, firmwareOk });

  if (check.gated) {
    return (
      <Alert
        color={required ? 'red' : 'gray'}
        data-testid="memo-tag-gated"
        role={required ? 'alert' : undefined}
      >
        <Text size="sm">{t('errors.featureRequiresFirmware', { version: '1.25' })}</Text>
        {required && <Text size="sm">{required.reason}</Text>}
      </Alert>
    );
  }

  const on = value.enabled || !!required;
  const type = value.type ?? (kind.kind === 'memo' ? (kind.types[0] ?? 'text') : 'text');
  const label = kind.kind === 'tag' ? t('memoTag.tag') : t('memoTag.memo');
  const showError = (props.showError ?? value.text !== '') && !check.ok;
  return (
    <Stack gap={6}>
      <Checkbox
        label={kind.kind === 'tag' ? t('memoTag.useTag') : t('memoTag.useMemo')}
        checked={on}
        disabled={!!required || disabled}
        onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
        aria-describedby={required ? reasonId : undefined}
        data-testid="memo-tag-enabled"
      />
      {required && (
        <Text size="sm" c="orange" id={reasonId} data-testid="memo-tag-reason">
          {required.reason}
        </Text>
      )}
      {on && kind.kind === 'memo' && kind.types.length > 1 && (
        <SegmentedControl
          aria-label={t('memoTag.type')}
          value={type}
          disabled={disabled}
          onChange={(v) => onChange({ ...value, type: v as MemoKindType })}
          data={kind.types.map((m) => ({ value: m, label: t(`memoTag.types.${m}`) }))}
          data-testid="memo-tag-type"
        />
      )}
      {on && (
        <TextInput
          label={label}
          description={hintOf(t, kind, type)}
          value={value.text}
          required={!!required}
          disabled={disabled}
          inputMode={kind.kind === 'tag' || type === 'id' ? 'numeric' : undefined}
          onChange={(e) => onChange({ ...value, enabled: true, text: e.currentTarget.value })}
          error={showError ? check.error : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="memo-tag-input"
        />
      )}
    </Stack>
  );
}

function hintOf(t: TFunction, kind: MemoTagKind, type: MemoKindType): string {
  if (kind.kind === 'tag') return t('memoTag.hints.tag');
  if (kind.kind === 'plain')
    return kind.maxBytes !== undefined ? t('memoTag.hints.plain', { max: kind.maxBytes }) : '';
  return t(`memoTag.hints.${type}`);
}
