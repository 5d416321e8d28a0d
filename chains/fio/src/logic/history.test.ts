import { describe, expect, it } from 'vitest';
import { fioHistoryWindow, operationFromFioAction } from './history';

const me = 'aloha1234512';
const myKey = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const other = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const entry = (
  name: string,
  data: Record<string, unknown>,
  receiver = me,
  response = '{"status":"OK","fee_collected":2000000000}',
) => ({
  global_action_seq: 9,
  account_action_seq: 7,
  block_num: 123,
  block_time: '2026-01-02T03:04:05.000',
  action_trace: {
    receipt: { receiver, response },
    act: { account: 'fio.token', name, data },
    trx_id: 'ab'.repeat(32),
  },
});

describe('operationFromFioAction', () => {
  it('a sent transfer is out with the fee collected', () => {
    const op = operationFromFioAction(
      entry('trnsfiopubky', { payee_public_key: other, amount: 5, actor: me }),
      me,
      myKey,
    )!;
    expect(op).toMatchObject({ direction: 'out', value: 5n, fee: 2_000_000_000n, blockHeight: 123 });
    expect(op.time).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
    expect(op.fio.action).toBe('transaction');
  });
  it('a received transfer is in, without a fee', () => {
    const op = operationFromFioAction(
      entry('trnsfiopubky', { payee_public_key: myKey, amount: '7', actor: 'someone12345' }),
      me,
      myKey,
    )!;
    expect(op).toMatchObject({ direction: 'in', value: 7n, fee: 0n });
  });
  it('keeps only the trace the account received and only the spec kinds', () => {
    expect(
      operationFromFioAction(entry('trnsfiopubky', { actor: me }, 'fio.treasury'), me, myKey),
    ).toBeNull();
    expect(operationFromFioAction(entry('burnaddress', { actor: me }), me, myKey)).toBeNull();
  });
  it('maps staking, handle registration and address assignment', () => {
    expect(
      operationFromFioAction(entry('unstakefio', { amount: 3, actor: me }), me, myKey)!.fio,
    ).toMatchObject({ action: 'staking', stakeAction: 'unstake' });
    expect(
      operationFromFioAction(entry('regaddress', { fio_address: 'me@secux', actor: me }), me, myKey)!.fio,
    ).toMatchObject({ action: 'registerFioAddress', cryptoHandleName: 'me@secux' });
    const add = operationFromFioAction(
      entry('addaddress', { fio_address: 'me@secux', public_addresses: [{ chain_code: 'LTC' }], actor: me }),
      me,
      myKey,
    )!;
    expect(add.action).toBe('addAddress');
    expect(add.fio.assignChain).toBe('LTC');
    expect(
      operationFromFioAction(entry('remaddress', { fio_address: 'me@secux', actor: me }), me, myKey)!.action,
    ).toBe('removeAddress');
  });
  it('the operation itself carries stake or unstake, the handle and the chains (its extras, which reach the web)', () => {
    const stake = operationFromFioAction(
      entry('stakefio', { amount: 3, fio_address: 'me@secux', actor: me }),
      me,
      myKey,
    )!;
    expect(stake.extras).toEqual({ stakeAction: 'stake', cryptoHandleName: 'me@secux' });
    const unstake = operationFromFioAction(entry('unstakefio', { amount: 3, actor: me }), me, myKey)!;
    expect(unstake.extras).toEqual({ stakeAction: 'unstake' });
    const add = operationFromFioAction(
      entry('addaddress', {
        fio_address: 'me@secux',
        public_addresses: [{ chain_code: 'LTC' }, { chain_code: 'BTC' }, { chain_code: 'LTC' }],
        actor: me,
      }),
      me,
      myKey,
    )!;
    expect(add.extras).toEqual({ cryptoHandleName: 'me@secux', assignChain: 'LTC,BTC' });
    expect(
      operationFromFioAction(entry('trnsfiopubky', { actor: me, amount: 1 }), me, myKey)!.extras,
    ).toBeUndefined();
  });
  it('pages 20 at a time from the newest', () => {
    expect(fioHistoryWindow(null)).toEqual({ pos: -1, offset: -20 });
    expect(fioHistoryWindow(40)).toEqual({ pos: 39, offset: -19 });
  });
});
