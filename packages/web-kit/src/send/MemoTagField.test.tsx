import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { validateXrpTag } from '@secux-companion/chain-xrp';
import { validateXlmMemo } from '@secux-companion/chain-stellar';
import { i18next } from '../i18n';
import { renderUi, setupUiTests } from '../test/ui';
import {
  EMPTY_MEMO_TAG,
  MemoTagField,
  memoTagCheck,
  type MemoTagFieldProps,
  type MemoTagValue,
} from './MemoTagField';

setupUiTests();

const t = i18next.t.bind(i18next);

function Harness(props: Omit<MemoTagFieldProps, 'value' | 'onChange'> & { initial?: MemoTagValue }) {
  const [value, setValue] = useState<MemoTagValue>(props.initial ?? EMPTY_MEMO_TAG);
  return (
    <>
      <MemoTagField {...props} value={value} onChange={setValue} />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe('memoTagCheck (the verdict for Continue)', () => {
  const base = { coin: 'XRP' as const, kind: { kind: 'tag' } as const, firmwareOk: true };

  it('optional and empty: fine, no memo', () => {
    expect(memoTagCheck(t, { ...base, value: EMPTY_MEMO_TAG })).toEqual({ ok: true, gated: false });
  });

  it('unchecked: the text is not sent', () => {
    expect(memoTagCheck(t, { ...base, value: { enabled: false, text: '12' } }).memo).toBeUndefined();
  });

  it('required and empty: refused with the reason', () => {
    const r = memoTagCheck(t, {
      ...base,
      value: EMPTY_MEMO_TAG,
      required: { reason: 'This account requires a destination tag.' },
    });
    expect(r.ok).toBe(false);
    expect(r.error).toContain('This account requires a destination tag.');
  });

  it('firmware below 1.25: optional passes without a memo, required blocks with the gate message', () => {
    const gated = memoTagCheck(t, { ...base, firmwareOk: false, value: { enabled: true, text: '5' } });
    expect(gated).toEqual({ ok: true, gated: true });
    const blocked = memoTagCheck(t, {
      ...base,
      firmwareOk: false,
      value: EMPTY_MEMO_TAG,
      required: { reason: 'r' },
    });
    expect(blocked.ok).toBe(false);
    expect(blocked.error).toBe('This feature requires at least 1.25 firmware version, please update first.');
  });

  it('plain memo with a byte limit counts bytes, not characters', () => {
    const kind = { kind: 'plain', maxBytes: 4 } as const;
    const v = (text: string) =>
      memoTagCheck(t, { coin: 'BNB', kind, firmwareOk: true, value: { enabled: true, text } }).ok;
    expect(v('abcd')).toBe(true);
    expect(v('éé')).toBe(true);
    expect(v('ééé')).toBe(false);
  });

  it("a family's rule replaces the default", () => {
    const validate = vi.fn(() => ({ code: 'invalidTagOrMemo' as const }));
    expect(memoTagCheck(t, { ...base, validate, value: { enabled: true, text: '1' } }).ok).toBe(false);
    expect(validate).toHaveBeenCalledWith('1', 'text');
  });
});

describe('<MemoTagField>', () => {
  it('the checkbox reveals a labelled input whose error is announced through aria-describedby', () => {
    renderUi(<Harness coin="XRP" kind={{ kind: 'tag' }} validate={validateXrpTag} firmwareOk />);
    expect(screen.queryByTestId('memo-tag-input')).toBeNull();
    fireEvent.click(screen.getByLabelText('Add a destination tag'));
    const input = screen.getByLabelText('Destination tag');
    fireEvent.change(input, { target: { value: '4294967296' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('invalid tag or memo');
    fireEvent.change(input, { target: { value: '42' } });
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toMatchObject({ enabled: true, text: '42' });
  });

  it('required: on and locked, the reason shown', () => {
    renderUi(<Harness coin="XRP" kind={{ kind: 'tag' }} firmwareOk required={{ reason: 'Needs a tag.' }} />);
    const box = screen.getByLabelText('Add a destination tag') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.getByTestId('memo-tag-reason').textContent).toBe('Needs a tag.');
    expect(screen.getByLabelText(/Destination tag/)).toBeTruthy();
  });

  it('Stellar: the type selector switches the rule', () => {
    renderUi(
      <Harness
        coin="XLM"
        kind={{ kind: 'memo', types: ['text', 'id', 'hash', 'return'] }}
        validate={(text, type) => validateXlmMemo(text, type === 'id' ? 'id' : 'text')}
        firmwareOk
        initial={{ enabled: true, text: 'hello' }}
      />,
    );
    const input = screen.getByLabelText('Memo');
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(screen.getByText('ID'));
    expect(JSON.parse(screen.getByTestId('state').textContent!).type).toBe('id');
    expect(screen.getByLabelText('Memo').getAttribute('aria-invalid')).toBe('true');
  });

  it('firmware below 1.25: no input, the spec message instead', () => {
    renderUi(<Harness coin="XRP" kind={{ kind: 'tag' }} firmwareOk={false} />);
    expect(screen.queryByTestId('memo-tag-enabled')).toBeNull();
    expect(screen.getByTestId('memo-tag-gated').textContent).toContain(
      'This feature requires at least 1.25 firmware version',
    );
  });
});
