import { describe, expect, it } from 'vitest';
import { fioContractRawAbis } from './abis';
import { fioApi } from './tx';

const api = fioApi('0'.repeat(64), fioContractRawAbis());

async function roundTrip(account: string, name: string, data: Record<string, unknown>) {
  const auth = [{ actor: 'aloha3joabmx', permission: 'active' }];
  const [serialized] = await api.serializeActions([{ account, name, authorization: auth, data }]);
  const [back] = await api.deserializeActions([serialized!]);
  return back!.data as Record<string, unknown>;
}

describe('the FIO contracts the requests and staking actions use', () => {
  it('fio.reqobt newfundsreq keeps its fields (actor is a string there)', async () => {
    const data = {
      payer_fio_address: 'payer@secux',
      payee_fio_address: 'emulator@secux',
      content: 'c2VjcmV0',
      max_fee: '800000000000',
      actor: 'aloha3joabmx',
      tpid: '',
    };
    expect(await roundTrip('fio.reqobt', 'newfundsreq', data)).toEqual(data);
  });

  it('fio.reqobt rejectfndreq, cancelfndreq and recordobt take the request id as a string', async () => {
    const base = { fio_request_id: '42', max_fee: '0', actor: 'aloha3joabmx', tpid: 'wallet@secux' };
    expect(await roundTrip('fio.reqobt', 'rejectfndreq', base)).toEqual(base);
    expect(await roundTrip('fio.reqobt', 'cancelfndreq', base)).toEqual(base);
    const obt = { ...base, payer_fio_address: 'a@b', payee_fio_address: 'c@d', content: 'eA==' };
    expect(await roundTrip('fio.reqobt', 'recordobt', obt)).toEqual(obt);
  });

  it('fio.staking stakefio and unstakefio carry the amount in SUF', async () => {
    const data = { fio_address: '', amount: '3000000000', max_fee: '0', tpid: '', actor: 'aloha3joabmx' };
    expect(await roundTrip('fio.staking', 'stakefio', data)).toEqual(data);
    expect(await roundTrip('fio.staking', 'unstakefio', data)).toEqual(data);
  });

  it('eosio voteproxy names the proxy by handle', async () => {
    const data = { proxy: 'proxy@secux', fio_address: 'emulator@secux', actor: 'aloha3joabmx', max_fee: '0' };
    expect(await roundTrip('eosio', 'voteproxy', data)).toEqual(data);
  });
});
