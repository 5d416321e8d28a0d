import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FEE_REFETCH_DELAY_MS, useFeeModeChange } from './useFeeModeChange';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('fee mode change (debounced fee lookup)', () => {
  it('re-reads the tiers once, 500 ms after the last change to a tier', () => {
    const setMode = vi.fn();
    const refetch = vi.fn();
    const { result } = renderHook(() => useFeeModeChange(setMode, refetch));
    act(() => result.current('high'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current('low'));
    act(() => vi.advanceTimersByTime(FEE_REFETCH_DELAY_MS - 1));
    expect(refetch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(setMode.mock.calls).toEqual([['high'], ['low']]);
  });

  it('Custom asks nothing (and drops a lookup still waiting)', () => {
    const refetch = vi.fn();
    const { result } = renderHook(() => useFeeModeChange(() => {}, refetch));
    act(() => result.current('medium'));
    act(() => result.current('Custom'));
    act(() => vi.advanceTimersByTime(2 * FEE_REFETCH_DELAY_MS));
    expect(refetch).not.toHaveBeenCalled();
  });
});
