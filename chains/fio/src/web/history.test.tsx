/**
 * The FIO history item (spec 03 §3): stake and unstake are told apart, and the crypto handle and the chains an
 * action assigned are shown with it (from the operation's extras the server keeps).
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Operation } from '@secux-companion/chain-common';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import type { FioChain } from './chain';
import { family, type FioAccount } from './index';

setupUiTests();

const chain = {
  coin: 'FIO',
  unit: { symbol: 'FIO', decimals: 9, digits: 9 },
  local: true,
} as unknown as FioChain;
const account = { id: 'FIO:0', index: 0, path: "m/44'/235'/0'", address: 'FIO6x' } as FioAccount;

function Item({ op }: { op: Partial<Operation> }) {
  return <>{family.useHistoryExtras!({ chain, account }).action?.(op as Operation)}</>;
}

const shown = (op: Partial<Operation>) => {
  const { unmount } = renderUi(<Item op={op} />);
  const text = screen.queryByTestId('history-fio-action')?.textContent ?? null;
  unmount();
  return text;
};

describe('FIO history items', () => {
  it('tell stake from unstake and name the handle', () => {
    expect(shown({ action: 'staking', extras: { stakeAction: 'stake', cryptoHandleName: 'me@secux' } })).toBe(
      'Staked · me@secux',
    );
    expect(shown({ action: 'staking', extras: { stakeAction: 'unstake' } })).toBe('Unstaked');
  });

  it('an assigned address shows its handle and chain; a handle registration its handle', () => {
    expect(
      shown({ action: 'addAddress', extras: { cryptoHandleName: 'me@secux', assignChain: 'LTC,BTC' } }),
    ).toBe('Address mapped · me@secux · Chain LTC,BTC');
    expect(shown({ action: 'registerFioAddress', extras: { cryptoHandleName: 'new@secux' } })).toBe(
      'Crypto handle registered · new@secux',
    );
  });

  it('a handle is text, never markup; a transfer has no action line', () => {
    expect(shown({})).toBeNull();
    renderUi(<Item op={{ action: 'removeAddress', extras: { cryptoHandleName: '<b>x</b>@secux' } }} />);
    expect(screen.getByTestId('history-fio-handle').textContent).toBe('<b>x</b>@secux');
    expect(screen.getByTestId('history-fio-handle').querySelector('b')).toBeNull();
  });

  it('say stake, unstake and the chain in every language', async () => {
    const op = { action: 'staking', extras: { stakeAction: 'unstake' } };
    const add = { action: 'addAddress', extras: { assignChain: 'LTC' } };
    try {
      await setLanguage('zh-TW');
      expect([shown(op), shown(add)]).toEqual(['解除質押', '已對應地址 · 鏈 LTC']);
      await setLanguage('pt');
      expect([shown(op), shown(add)]).toEqual(['Stake retirado', 'Endereço associado · Rede LTC']);
    } finally {
      await setLanguage('en');
    }
  });
});
