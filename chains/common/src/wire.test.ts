import { describe, expect, it } from 'vitest';
import type { Operation as DomainOperation } from './adapter';
import {
  MalformedAnswerError,
  parseErrorBody,
  parseHistoryPage,
  parseOperation,
  parseTxStatus,
  readErrorBody,
  toWire,
  type Operation,
} from './wire';

const wireOp: Operation = {
  hash: 'ab'.repeat(32),
  time: 1_700_000_000_000,
  blockHeight: 812_000,
  direction: 'out',
  value: '12345678901234567890123',
  fee: '141',
  senders: [{ address: 'bc1qme', value: '12345678901234567890264', isOwn: true, path: "m/84'/0'/0'/0/0", index: 0, prevout: { txid: 'cd'.repeat(32), vout: 1 } }],
  recipients: [{ address: 'bc1qyou', value: '12345678901234567890123', isOwn: false, index: 0 }],
  isOwnTransaction: true,
  rbf: true,
  vsize: 141,
};

describe('wire contract: Operation', () => {
  it('reads every amount exactly as bigint and keeps the optional fields the server sends', () => {
    const op = parseOperation({
      ...wireOp,
      nonce: 7,
      gasUsed: '21000',
      gasPrice: '1000000000',
      token: { contract: '0xT', symbol: 'LUSD', decimals: 6, name: 'Local USD' },
      memo: 'invoice 42',
      destinationTag: 4_294_967_295,
    });
    expect(op.value).toBe(12345678901234567890123n);
    expect(op.senders[0]).toEqual({ address: 'bc1qme', value: 12345678901234567890264n, isOwn: true, path: "m/84'/0'/0'/0/0", index: 0, prevout: { txid: 'cd'.repeat(32), vout: 1 } });
    expect(op).toMatchObject({ nonce: 7, gasUsed: 21000n, gasPrice: 1_000_000_000n, memo: 'invoice 42', destinationTag: 4_294_967_295 });
    expect(op.token).toEqual({ contract: '0xT', symbol: 'LUSD', decimals: 6, name: 'Local USD' });
  });

  it('the wire form is the JSON of the domain form (round trip without loss)', () => {
    const op = parseOperation(wireOp);
    expect(toWire<DomainOperation>(op)).toEqual(wireOp);
    expect(parseOperation(JSON.parse(JSON.stringify(toWire(op))))).toEqual(op);
  });

  it("keeps a family's extras of an operation (FIO: stake or unstake, the handle, the chain)", () => {
    const extras = { stakeAction: 'unstake', cryptoHandleName: 'me@secux', assignChain: 'LTC,BTC' };
    const op = parseOperation({ ...wireOp, action: 'staking', extras });
    expect(op.extras).toEqual(extras);
    expect(parseOperation(JSON.parse(JSON.stringify(toWire(op))))).toEqual(op);
  });

  it('pending is a null block height (the spec\'s −1 too); an unknown time stays null', () => {
    expect(parseOperation({ ...wireOp, blockHeight: -1, time: null })).toMatchObject({ blockHeight: null, time: null });
  });

  it.each([
    ['an amount sent as a number', { value: 1000 }],
    ['a fractional amount', { fee: '1.5' }],
    ['a negative amount', { value: '-1' }],
    ['an unknown direction', { direction: 'sideways' }],
    ['a missing hash', { hash: undefined }],
    ['an empty hash', { hash: '' }],
    ['a time as text', { time: '2024-01-01' }],
    ['a time in seconds, not milliseconds', { time: 1_700_000_000 }],
    ['a time before the first block of any chain', { time: Date.UTC(2008, 0, 1) }],
    ['a time days ahead of the clock', { time: Date.now() + 7 * 24 * 3600 * 1000 }],
    ['a non-boolean own flag', { isOwnTransaction: 'yes' }],
    ['a missing rbf flag', { rbf: undefined }],
    ['senders not a list', { senders: {} }],
    ['a counterparty without its value', { recipients: [{ address: 'x', isOwn: false }] }],
    ['a destination tag above 2^32−1', { destinationTag: 4_294_967_296 }],
    ['a gas price as hex', { gasPrice: '0x10' }],
    ['token decimals as text', { token: { contract: 'c', symbol: 's', decimals: '6' } }],
    ['extras not an object', { extras: ['stake'] }],
    ['an extra that is not a text', { extras: { stakeAction: 1 } }],
    ['an extra longer than 256 characters', { extras: { cryptoHandleName: 'x'.repeat(257) } }],
    ['an extra with control characters', { extras: { assignChain: 'LTC\u0007' } }],
    ['an extra under a name that is not plain', { extras: { 'a b': 'x' } }],
    ['more than 8 extras', { extras: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'])) }],
  ])('refuses %s', (_what, patch) => {
    expect(() => parseOperation({ ...wireOp, ...patch })).toThrow(MalformedAnswerError);
  });

  it('a malformed answer says which field and carries code "malformed"', () => {
    const e = (() => {
      try {
        parseHistoryPage({ operations: [wireOp, { ...wireOp, fee: 'lots' }], cursor: null });
      } catch (x) {
        return x;
      }
    })() as MalformedAnswerError;
    expect(e).toBeInstanceOf(MalformedAnswerError);
    expect(e.code).toBe('malformed');
    expect(e.field).toBe('history.operations[1].fee');
  });
});

describe('wire contract: tx status', () => {
  const unknown = { hash: 'ab'.repeat(32), state: 'unknown', final: false, confirmations: null, blockHeight: null, provider: 'p' };
  it('reads an unknown hash as unknown', () => {
    expect(parseTxStatus(unknown)).toEqual(unknown);
  });
  it('refuses an unknown transaction placed in a block', () => {
    expect(() => parseTxStatus({ ...unknown, blockHeight: 5 })).toThrow(MalformedAnswerError);
    expect(() => parseTxStatus({ ...unknown, confirmations: 1 })).toThrow(MalformedAnswerError);
  });
});

describe('wire contract: history page', () => {
  it('reads operations, cursor and provider; an empty cursor ends the list', () => {
    const page = parseHistoryPage({ operations: [wireOp], cursor: '', provider: 'blockbook' });
    expect(page.cursor).toBeNull();
    expect(page.provider).toBe('blockbook');
    expect(page.operations).toHaveLength(1);
    expect(parseHistoryPage({ operations: [], cursor: 'c2', provider: 'x' }).cursor).toBe('c2');
  });
  it('refuses a page without a list of operations or with a numeric cursor', () => {
    expect(() => parseHistoryPage({ cursor: null })).toThrow(MalformedAnswerError);
    expect(() => parseHistoryPage({ operations: [], cursor: 2 })).toThrow(MalformedAnswerError);
    expect(() => parseHistoryPage([])).toThrow(MalformedAnswerError);
  });
});

describe('wire contract: error body', () => {
  const body = {
    error: 'Every provider for BTC failed (history)',
    code: 'upstream_failed',
    statusCode: 502,
    chain: 'BTC',
    attempts: [{ provider: 'blockbook', kind: 'timeout' }, { provider: 'core', kind: 'server', status: 500 }],
    stale: true,
    retryAfter: 20,
  };
  it('reads the failover error the routes answer with', () => {
    expect(parseErrorBody(body)).toEqual(body);
    expect(parseErrorBody({ error: 'txn-mempool-conflict', code: 'rejected', statusCode: 422, provider: 'core', upstreamCode: -26 })).toMatchObject({ upstreamCode: -26, provider: 'core' });
  });
  it('reads the settings a chain the server does not serve needs (404 chain_not_configured)', () => {
    const unserved = { error: 'chain HME is not configured', code: 'chain_not_configured', statusCode: 404, chain: 'HME', reason: 'no_provider', settings: ['CHAIN_HME_RPC'] };
    expect(parseErrorBody(unserved)).toEqual(unserved);
    expect(() => parseErrorBody({ ...unserved, settings: [1] })).toThrow(MalformedAnswerError);
  });
  it('refuses a body that is not an error (2xx status, missing code, bad attempts)', () => {
    expect(() => parseErrorBody({ ...body, statusCode: 200 })).toThrow(MalformedAnswerError);
    expect(() => parseErrorBody({ ...body, code: undefined })).toThrow(MalformedAnswerError);
    expect(() => parseErrorBody({ ...body, attempts: [{ kind: 'timeout' }] })).toThrow(MalformedAnswerError);
    expect(() => parseErrorBody({ ...body, stale: 'yes' })).toThrow(MalformedAnswerError);
  });
  it('readErrorBody gives undefined for a body that is not one (a proxy page)', () => {
    expect(readErrorBody('<html>Bad gateway</html>')).toBeUndefined();
    expect(readErrorBody(body)?.code).toBe('upstream_failed');
  });
});
