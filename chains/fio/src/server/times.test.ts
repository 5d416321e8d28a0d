/** FIO answers' times are checked for meaning, not only for their syntax: a request or a lock from the future is a lie. */
import { describe, expect, it } from 'vitest';
import { locksBounds, requestsWire } from './bounds.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const NEW = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const request = (time_stamp: string) => ({
  fio_request_id: 7,
  payer_fio_address: 'payer@secux',
  payee_fio_address: 'me@secux',
  payer_fio_public_key: NEW,
  payee_fio_public_key: ME,
  content: '',
  time_stamp,
  status: 'requested',
});
const lock = (timeStamp: number | null) => ({ lockAmount: 5n, remaining: 5n, timeStamp, periods: [] });

describe('FIO times', () => {
  it('a request dated in the past is served; one in the year 3000 or before any chain is refused', () => {
    expect(requestsWire([request('2026-03-01T10:20:30')])[0]!.timeStamp).toBe('2026-03-01T10:20:30.000Z');
    expect(() => requestsWire([request('3000-01-01T00:00:00')])).toThrow('out of bounds: request time');
    expect(() => requestsWire([request('1970-01-02T00:00:00')])).toThrow('out of bounds: request time');
  });
  it('a lock that started in the past is served; one starting in the year 3000 is refused', () => {
    expect(() => locksBounds(lock(1_780_000_000))).not.toThrow();
    expect(() => locksBounds(lock(32_503_680_000))).toThrow('out of bounds: FIO lock time');
  });
});
