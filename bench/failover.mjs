#!/usr/bin/env node
/**
 * Failover benchmark (issues 19, 29): every family × every failure mode of its FIRST provider, a healthy second one.
 *   node bench/failover.mjs [--family xrp,xlm,trx,sol,fio,btc,eth] [--mode hang,slow,5xx,garbage,lie,50mb,redirect]
 *                           [--calls 10] [--delay 20] [--whole] [--serial] [--no-fail]
 * Starts loopback fake upstreams per family (minimal healthy answers of each provider's API, shapes from
 * shared/reference/apis: rippled JSON-RPC, Horizon, TronGrid full node + v1 index, Solana JSON-RPC, FIO API node,
 * Blockbook v2 + mempool.space fees, EVM JSON-RPC + Etherscan-compatible explorer) and, per mode, the server
 * (`node --import tsx apps/server/src/main.ts`, mainnet profile, default settings except the provider URLs and
 * RATE_LIMIT_MAX; every other chain switched off) with each list = `<first>,<healthy>`. Probes: each family's account
 * call, plus BTC fees (mempool), ETH history (explorer) and TRX history (v1 index) on a second fresh server, so no
 * probe inherits another's circuit breakers. The healthy provider answers after --delay ms (it stays the second
 * choice of the EVM health check). Before the probes each server is warmed up (bad input to every probe's route, a
 * healthy TFIO chain's account) so the first probe does not pay the server's lazy loading. In the modes where the
 * server mostly waits (hang, slow) the probes of a server run together (separate providers), in the others one after
 * the other, so that each one's times and RSS growth are its own (about 6 minutes in all; --serial: every mode one
 * after the other, about 10 minutes).
 * Modes of the first provider (its chain checks — EVM eth_chainId and a block, Blockbook /api, mempool genesis,
 * explorer proxy eth_chainId, Horizon root, rippled server_info, Solana getGenesisHash, FIO get_info, TRON
 * getnowblock — answer healthy unless --whole): hang (never answers), slow (answers after 2.5 s), 5xx (503), garbage
 * (200, not JSON), lie (plausible-looking impossible values: a balance above the coin's supply, history dated in the
 * year 3000, a fee of 2^64), 50mb (a 50 MB JSON answer, chunked without content-length), redirect (307 to a lying
 * host).
 * Per probe: the first call's time, the slowest of the next --calls, whether every answer was 200 with the healthy
 * provider's value (never the lie), the statuses, and the server's resident memory (VmRSS of /proc/<pid>/status,
 * sampled every 25 ms: the peak during the probe minus the value before it; probes run together share it).
 * Target (every cell): first call ≤ 5 s, later calls ≤ 1 s, the healthy value on every call, RSS growth ≤ 50 MB.
 * Prints the table, writes it to .tmp/bench-failover.json; exit 1 when any cell misses (unless --no-fail).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined;
};
const CALLS = Number(opt('calls') ?? 10);
const DELAY = Number(opt('delay') ?? 20);
const WHOLE = argv.includes('--whole');
const SERIAL = argv.includes('--serial');
const noFail = argv.includes('--no-fail');
const ALL_MODES = ['hang', 'slow', '5xx', 'garbage', 'lie', '50mb', 'redirect'];
const ALL_FAMILIES = ['xrp', 'xlm', 'trx', 'sol', 'fio', 'btc', 'eth'];
const list = (name, all) => {
  const v = opt(name);
  if (!v) return all;
  const picked = v.split(',').map((s) => s.trim().toLowerCase());
  const bad = picked.filter((x) => !all.includes(x));
  if (bad.length) {
    console.error(`unknown --${name}: ${bad.join(', ')} (one of ${all.join(', ')})`);
    process.exit(2);
  }
  return picked;
};
const MODES = list('mode', ALL_MODES);
const FAMILIES = list('family', ALL_FAMILIES);

const TARGET = { firstMs: 5000, laterMs: 1000, rssMb: 50 };
const SLOW_MS = 2500;
/** Modes in which the server mostly waits: their probes run together (the others one after the other). */
const WAITING = new Set(['hang', 'slow']);
const BIG_BYTES = 50 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------------
// Fake upstreams: `answer(req)` gives the healthy (or, with req.lie, the lying) answer of one request.
// ---------------------------------------------------------------------------------------------------------------------

const NOW_S = Math.floor(Date.now() / 1000);
const YEAR_3000_S = Date.UTC(3000, 0, 1) / 1000;
const hash64 = (c) => c.repeat(64);

const ADDR = {
  xrp: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  xlm: 'GADQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOZPI',
  trx: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  trxOther: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  sol: '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8',
  fio: 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o',
  btc: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  eth: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  ethOther: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
};
const STELLAR_PUBLIC = 'Public Global Stellar Network ; September 2015';
const FIO_MAINNET = '21dcae42c0182200e93f954a074011f9048a7624c6fe81d3c9541a614a88bd1c';
const SOL_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
const BTC_GENESIS = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';

/** Healthy values and lies (the lies are above each coin's supply, dated in the year 3000, or a fee of 2^64). */
const V = {
  xrp: { ok: '25000000', lie: '100000000000000001' }, // drops; supply 10^17
  xlm: { ok: '250.0000000', okStroops: '2500000000', lie: '900000000000.0000000' }, // supply ~5·10^10 XLM
  trx: { ok: 7_000_000, lie: '1000000000000000000' }, // sun; supply ~10^17 (a string: the node's schema takes one)
  sol: { ok: 5_000_000_000, lie: 1e19 }, // lamports; supply ~6·10^17
  fio: { ok: 1_000_000_000_000, lie: '5000000000000000000' }, // SUF; supply 10^18
  btc: { ok: '150000000', lie: '2100000000000001' }, // sat; supply 2.1·10^15
  eth: { ok: 15n * 10n ** 17n, lie: 10n ** 30n }, // wei; supply ~1.2·10^26
  fee: { ok: 21, lie: 2 ** 64 }, // sat/vB
  ethTx: hash64('e'),
  trxTx: hash64('d'),
};
const hex = (n) => `0x${BigInt(n).toString(16)}`;

/** rippled JSON-RPC (xrpl.md). */
function xrpAnswer(r) {
  const m = r.json?.method;
  const ok = (result) => ({ json: { result: { status: 'success', ...result } } });
  const ledger = { seq: 90_000_000, reserve_base: 1_000_000, reserve_inc: 200_000, base_fee: 10 };
  if (m === 'server_info')
    return {
      check: true,
      ...ok({
        info: {
          build_version: '2.3.0',
          server_state: 'full',
          validated_ledger: {
            seq: ledger.seq,
            base_fee_xrp: 0.00001,
            reserve_base_xrp: 1,
            reserve_inc_xrp: 0.2,
          },
        },
      }),
    };
  if (m === 'server_state') return { check: true, ...ok({ state: { validated_ledger: ledger } }) };
  if (m === 'account_info')
    return ok({
      account_data: {
        Account: ADDR.xrp,
        Balance: r.lie ? V.xrp.lie : V.xrp.ok,
        Flags: 0,
        OwnerCount: 0,
        Sequence: 5,
        LedgerEntryType: 'AccountRoot',
      },
      ledger_index: ledger.seq,
      validated: true,
    });
  if (m === 'fee')
    return ok({ drops: { base_fee: '10', minimum_fee: '10', open_ledger_fee: '10', median_fee: '5000' } });
  if (m === 'account_tx') return ok({ account: ADDR.xrp, transactions: [], validated: true });
  return { json: { result: { status: 'error', error: 'unknownCmd', error_message: 'Unknown method.' } } };
}

/** Horizon (stellar-horizon.md). */
function xlmAnswer(r) {
  if (r.path === '/')
    return {
      check: true,
      json: {
        horizon_version: '22.0.0',
        network_passphrase: STELLAR_PUBLIC,
        history_latest_ledger: 55_000_000,
      },
    };
  if (r.path === `/accounts/${ADDR.xlm}`)
    return {
      json: {
        id: ADDR.xlm,
        account_id: ADDR.xlm,
        sequence: '24739097524306468',
        subentry_count: 0,
        num_sponsoring: 0,
        num_sponsored: 0,
        balances: [
          {
            balance: r.lie ? V.xlm.lie : V.xlm.ok,
            buying_liabilities: '0.0000000',
            selling_liabilities: '0.0000000',
            asset_type: 'native',
          },
        ],
        data: {},
        paging_token: '',
      },
    };
  if (r.path === '/fee_stats') return { json: { last_ledger: '55000000', last_ledger_base_fee: '100' } };
  return {
    status: 404,
    json: { type: 'https://stellar.org/horizon-errors/not_found', title: 'Resource Missing', status: 404 },
  };
}

/** TronGrid: full node /wallet/* and the v1 index (tron.md). */
function trxAnswer(r) {
  const p = r.path;
  if (p === '/wallet/getnowblock')
    return {
      check: true,
      json: {
        blockID: `${(80_000_000).toString(16).padStart(16, '0')}${'a'.repeat(48)}`,
        block_header: { raw_data: { number: 80_000_000, timestamp: NOW_S * 1000 } },
      },
    };
  if (p === '/wallet/getaccount')
    return {
      json: {
        address: ADDR.trx,
        balance: r.lie ? V.trx.lie : V.trx.ok,
        create_time: (NOW_S - 86_400) * 1000,
      },
    };
  if (p === '/wallet/getaccountresource') return { json: { freeNetLimit: 600, freeNetUsed: 0 } };
  if (p === '/wallet/getchainparameters')
    return {
      json: {
        chainParameter: [
          { key: 'getTransactionFee', value: 1000 },
          { key: 'getEnergyFee', value: 100 },
          { key: 'getCreateAccountFee', value: 100_000 },
          { key: 'getCreateNewAccountFeeInSystemContract', value: 1_000_000 },
        ],
      },
    };
  const meta = { at: NOW_S * 1000, page_size: 1 };
  if (p === `/v1/accounts/${ADDR.trx}`)
    return { json: { success: true, meta, data: [{ address: ADDR.trx, balance: V.trx.ok, trc20: [] }] } };
  if (p === `/v1/accounts/${ADDR.trx}/transactions`)
    return { json: { success: true, meta: { ...meta, page_size: 0 }, data: [] } };
  if (p === `/v1/accounts/${ADDR.trx}/transactions/trc20`)
    return {
      json: {
        success: true,
        meta,
        data: [
          {
            transaction_id: V.trxTx,
            token_info: { symbol: 'USDT', address: ADDR.usdt, decimals: 6, name: 'Tether USD' },
            block_timestamp: (r.lie ? YEAR_3000_S : NOW_S - 3600) * 1000,
            from: ADDR.trxOther,
            to: ADDR.trx,
            type: 'Transfer',
            value: '1000000',
          },
        ],
      },
    };
  if (p.startsWith('/wallet/'))
    return { json: { Error: 'class org.tron.core.exception.BadItemException : unknown' } };
  return { status: 404, json: { success: false, error: 'not found', statusCode: 404 } };
}

/** Solana JSON-RPC (solana-jsonrpc.md). */
function solAnswer(r) {
  const one = (q) => {
    const m = q?.method;
    const res = (result) => ({ jsonrpc: '2.0', id: q.id, result });
    const ctx = (value) => res({ context: { apiVersion: '2.1.0', slot: 300_000_000 }, value });
    if (m === 'getGenesisHash') return res(SOL_GENESIS);
    if (m === 'getHealth') return res('ok');
    if (m === 'getBalance') return ctx(r.lie ? V.sol.lie : V.sol.ok);
    if (m === 'getSignaturesForAddress') return res([]);
    if (m === 'getTokenAccountsByOwner') return ctx([]);
    if (m === 'getRecentPrioritizationFees') return res([{ slot: 300_000_000, prioritizationFee: 1000 }]);
    if (m === 'getEpochInfo')
      return res({ epoch: 700, slotIndex: 1, slotsInEpoch: 432_000, absoluteSlot: 300_000_000 });
    return { jsonrpc: '2.0', id: q?.id ?? null, error: { code: -32601, message: 'Method not found' } };
  };
  const checks = new Set(['getGenesisHash', 'getHealth']);
  const reqs = Array.isArray(r.json) ? r.json : [r.json];
  return {
    check: reqs.every((q) => checks.has(q?.method)),
    json: Array.isArray(r.json) ? r.json.map(one) : one(r.json),
  };
}

/** A FIO API node (fio.md). */
function fioAnswer(r) {
  const p = r.path;
  if (p === '/v1/chain/get_info')
    return {
      check: true,
      json: {
        server_version: 'v3.5.0',
        chain_id: FIO_MAINNET,
        head_block_num: 300_000_000,
        last_irreversible_block_num: 299_999_700,
        head_block_id: hash64('1'),
        head_block_time: new Date().toISOString().slice(0, 19),
      },
    };
  if (p === '/v1/chain/get_fio_balance')
    return {
      json: {
        balance: r.lie ? V.fio.lie : V.fio.ok,
        available: V.fio.ok,
        staked: 0,
        srps: 0,
        roe: '1.000000000000000',
      },
    };
  if (p === '/v1/chain/get_locks')
    return { status: 404, json: { type: 'invalid_input', message: 'No lock tokens in account', fields: [] } };
  if (p === '/v1/chain/get_fee') return { json: { fee: 2_000_000_000 } };
  return {
    status: 404,
    json: { code: 404, message: 'Not Found', error: { code: 0, name: 'exception', what: 'unknown' } },
  };
}

/** Blockbook v2 (blockbook-v2.md) at /api…, mempool.space (mempool-space.md) at /mempool/api…. */
function btcAnswer(r) {
  const p = r.path;
  if (p === '/api' || p === '/api/')
    return {
      check: true,
      json: {
        blockbook: { coin: 'Bitcoin', host: 'fake', version: '0.4.0', inSync: true, bestHeight: 870_000 },
        backend: { chain: 'main', blocks: 870_000, headers: 870_000, version: '270000' },
      },
    };
  if (p === `/api/v2/address/${ADDR.btc}`)
    return {
      json: {
        page: 1,
        totalPages: 1,
        itemsOnPage: 1000,
        address: ADDR.btc,
        balance: r.lie ? V.btc.lie : V.btc.ok,
        totalReceived: V.btc.ok,
        totalSent: '0',
        unconfirmedBalance: '0',
        unconfirmedTxs: 0,
        txs: 1,
      },
    };
  if (p.startsWith('/api/v2/estimatefee/')) return { json: { result: '0.00012' } };
  if (p === '/mempool/api/block-height/0') return { check: true, text: BTC_GENESIS };
  if (p === '/mempool/api/v1/fees/recommended')
    return {
      json: {
        fastestFee: r.lie ? V.fee.lie : V.fee.ok,
        halfHourFee: 13,
        hourFee: 8,
        economyFee: 4,
        minimumFee: 1,
      },
    };
  return { status: 400, json: { error: 'not found' } };
}

/** EVM JSON-RPC at / and an Etherscan-compatible explorer at /explorer/api (ethereum-jsonrpc-etherscan.md). */
function ethAnswer(r) {
  if (r.path === '/explorer/api') {
    const q = r.query;
    if (q.get('module') === 'proxy' && q.get('action') === 'eth_chainId')
      return { check: true, json: { jsonrpc: '2.0', id: 83, result: '0x1' } };
    if (q.get('action') === 'txlist')
      return {
        json: {
          status: '1',
          message: 'OK',
          result: [
            {
              blockNumber: '21000000',
              timeStamp: String(r.lie ? YEAR_3000_S : NOW_S - 3600),
              hash: `0x${V.ethTx}`,
              nonce: '0',
              from: ADDR.ethOther.toLowerCase(),
              to: ADDR.eth.toLowerCase(),
              value: '1000000000000000000',
              gas: '21000',
              gasPrice: '1000000000',
              gasUsed: '21000',
              isError: '0',
              txreceipt_status: '1',
              contractAddress: '',
              confirmations: '10',
            },
          ],
        },
      };
    if (q.get('action') === 'balance')
      return { json: { status: '1', message: 'OK', result: V.eth.ok.toString() } };
    return { json: { status: '0', message: 'No transactions found', result: [] } };
  }
  const checks = new Set(['eth_chainId', 'eth_getBlockByNumber']);
  const one = (q) => {
    const m = q?.method;
    const res = (result) => ({ jsonrpc: '2.0', id: q.id, result });
    if (m === 'eth_chainId') return res('0x1');
    if (m === 'eth_getBlockByNumber')
      return res({
        number: hex(21_000_000),
        hash: `0x${hash64('1')}`,
        timestamp: hex(NOW_S),
        baseFeePerGas: hex(10n ** 9n),
      });
    if (m === 'eth_blockNumber') return res(hex(21_000_000));
    if (m === 'eth_getBalance') return res(hex(r.lie ? V.eth.lie : V.eth.ok));
    if (m === 'eth_getTransactionCount') return res('0x3');
    return {
      jsonrpc: '2.0',
      id: q?.id ?? null,
      error: { code: -32601, message: 'the method does not exist/is not available' },
    };
  };
  const reqs = Array.isArray(r.json) ? r.json : [r.json];
  return {
    check: reqs.every((q) => checks.has(q?.method)),
    json: Array.isArray(r.json) ? r.json.map(one) : one(r.json),
  };
}

const PAD = Buffer.alloc(1024 * 1024, 'a');
/** Writes `value` as JSON with a 50 MB string field first, in chunks, honouring back-pressure; stops when the reader leaves. */
async function writeBig(res, value) {
  const body = JSON.stringify(value);
  let head = '{"padding":"';
  let tail = body === '{}' ? '"}' : `",${body.slice(1)}`;
  if (Array.isArray(value) && value.length && typeof value[0] === 'object') {
    const first = JSON.stringify(value[0]);
    const rest = value.slice(1).map((x) => JSON.stringify(x));
    head = '[{"padding":"';
    tail = `"${first === '{}' ? '' : `,${first.slice(1, -1)}`}}${rest.length ? `,${rest.join(',')}` : ''}]`;
  } else if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    head = '{"padding":"';
    tail = `","value":${body}}`;
  }
  res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no content-length to refuse early
  let closed = false;
  res.on('close', () => (closed = true));
  const write = (chunk) =>
    new Promise((ok) => {
      if (closed) return ok();
      if (res.write(chunk)) return ok();
      const done = () => (res.off('drain', done), res.off('close', done), ok());
      res.on('drain', done);
      res.on('close', done);
    });
  await write(head);
  for (let sent = 0; sent < BIG_BYTES && !closed; sent += PAD.length) await write(PAD);
  if (!closed) res.end(tail);
}

/**
 * A fake upstream. `state.mode` applies to its non-check requests (all of them with --whole): 'healthy', 'lie' or
 * one of the failure modes; `state.liar` is where 'redirect' sends the client.
 */
function fake(answer, state) {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      let json;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const mode = state.mode;
      const r = {
        method: req.method,
        path: url.pathname,
        query: url.searchParams,
        json,
        lie: mode === 'lie',
      };
      const a = answer(r);
      const send = () => {
        if (res.destroyed) return;
        if (a.text !== undefined) {
          res.writeHead(a.status ?? 200, { 'content-type': 'text/plain' });
          res.end(a.text);
        } else {
          res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(a.json));
        }
      };
      state.requests += 1;
      const failing = !a.check || WHOLE;
      if (mode === 'healthy' || mode === 'lie' || !failing) return void setTimeout(send, state.delayMs ?? 0);
      switch (mode) {
        case 'hang':
          return; // keep the socket open, never answer
        case 'slow':
          return void setTimeout(send, SLOW_MS);
        case '5xx':
          res.writeHead(503, { 'content-type': 'text/html' });
          return void res.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end('<html><head><title>Just a moment...</title></head><body>\u0000\u0001 garbage');
        case '50mb':
          return void writeBig(res, a.json ?? a.text ?? {}).catch(() => undefined);
        case 'redirect':
          res.writeHead(307, { location: `${state.liar}${req.url}` });
          return void res.end();
        default:
          throw new Error(`unknown mode ${mode}`);
      }
    });
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        url: `http://127.0.0.1:${server.address().port}`,
        state,
        dropAll: () => sockets.forEach((s) => s.destroy()),
        close: () => (sockets.forEach((s) => s.destroy()), server.close()),
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Families: their fakes, the server settings naming them, and the probes (account, and the second provider lists).
// ---------------------------------------------------------------------------------------------------------------------

const FAMILY = {
  xrp: {
    answer: xrpAnswer,
    env: (f, h) => ({ CHAIN_XRP_RIPPLED: `${f},${h}` }),
    probes: [
      {
        name: 'XRP account',
        url: `/api/chains/XRP/account/${ADDR.xrp}`,
        value: (b) => b.balance,
        want: V.xrp.ok,
        lie: V.xrp.lie,
      },
    ],
  },
  xlm: {
    answer: xlmAnswer,
    env: (f, h) => ({ CHAIN_XLM_HORIZON: `${f},${h}` }),
    probes: [
      {
        name: 'XLM account',
        url: `/api/chains/XLM/account/${ADDR.xlm}`,
        value: (b) => b.balance,
        want: V.xlm.okStroops,
        lie: '9000000000000000000',
      },
    ],
  },
  trx: {
    answer: trxAnswer,
    env: (f, h) => ({ CHAIN_TRX_NODES: `${f},${h}`, CHAIN_TRX_INDEXERS: `${f},${h}` }),
    probes: [
      {
        name: 'TRX account',
        url: `/api/chains/TRX/account/${ADDR.trx}`,
        value: (b) => b.balance,
        want: String(V.trx.ok),
        lie: V.trx.lie,
      },
      {
        name: 'TRX history',
        second: true,
        url: `/api/chains/TRX/history/${ADDR.trx}`,
        value: (b) => (b.operations?.[0] ? `${b.operations[0].hash}@${b.operations[0].time}` : undefined),
        want: `${V.trxTx}@${(NOW_S - 3600) * 1000}`,
        lie: `${V.trxTx}@${YEAR_3000_S * 1000}`,
      },
    ],
  },
  sol: {
    answer: solAnswer,
    env: (f, h) => ({ CHAIN_SOL_RPC: `${f},${h}` }),
    probes: [
      {
        name: 'SOL account',
        url: `/api/chains/SOL/account/${ADDR.sol}`,
        value: (b) => b.balance,
        want: String(V.sol.ok),
        lie: BigInt(V.sol.lie).toString(),
      },
    ],
  },
  fio: {
    answer: fioAnswer,
    env: (f, h) => ({
      CHAIN_FIO_NODES: `${f},${h}`,
      CHAIN_TFIO_NODES: 'none',
      CHAIN_FIO_STAKING_URL: 'none',
    }),
    probes: [
      {
        name: 'FIO account',
        url: `/api/chains/FIO/account/${ADDR.fio}`,
        value: (b) => b.balance,
        want: String(V.fio.ok),
        lie: V.fio.lie,
      },
    ],
  },
  btc: {
    answer: btcAnswer,
    env: (f, h) => ({
      CHAIN_BTC_BLOCKBOOK: `${f},${h}`,
      CHAIN_BTC_MEMPOOL: `${f}/mempool/api,${h}/mempool/api`,
      // Every fee probe call reaches the providers (the server's fee cache would answer the later ones itself).
      CHAIN_FEES_CACHE_MS: '0',
    }),
    probes: [
      {
        name: 'BTC account',
        url: `/api/chains/BTC/account/${ADDR.btc}`,
        value: (b) => b.balance,
        want: V.btc.ok,
        lie: V.btc.lie,
      },
      {
        name: 'BTC fees',
        second: true,
        url: '/api/chains/BTC/fees',
        value: (b) => (b.tiers ? `${b.source}:${b.tiers.high}` : undefined),
        want: `network:${V.fee.ok}`,
        lie: `network:${V.fee.lie}`,
      },
    ],
  },
  eth: {
    answer: ethAnswer,
    env: (f, h) => ({
      CHAIN_ETH_RPC: `${f},${h}`,
      CHAIN_ETH_EXPLORER: `${f}/explorer/api,${h}/explorer/api`,
    }),
    probes: [
      {
        name: 'ETH account',
        url: `/api/chains/ETH/account/${ADDR.eth}`,
        value: (b) => b.balance,
        want: V.eth.ok.toString(),
        lie: V.eth.lie.toString(),
      },
      {
        name: 'ETH history',
        second: true,
        url: `/api/chains/ETH/history/${ADDR.eth}`,
        value: (b) =>
          b.operations?.[0]
            ? `${b.operations[0].hash.replace(/^0x/, '')}@${b.operations[0].time}`
            : undefined,
        want: `${V.ethTx}@${(NOW_S - 3600) * 1000}`,
        lie: `${V.ethTx}@${YEAR_3000_S * 1000}`,
      },
    ],
  },
};

/** Every chain the mainnet profile serves by default that no selected family names: switched off (no outside calls). */
const OFF = {
  CHAIN_XRP_RIPPLED: 'none',
  CHAIN_XLM_HORIZON: 'none',
  CHAIN_TRX_NODES: 'none',
  CHAIN_TRX_INDEXERS: 'none',
  CHAIN_SOL_RPC: 'none',
  CHAIN_FIO_NODES: 'none',
  CHAIN_TFIO_NODES: 'none',
  CHAIN_BTC_BLOCKBOOK: 'none',
  CHAIN_BTC_MEMPOOL: 'none',
  CHAIN_ETH_RPC: 'none',
  CHAIN_ETH_EXPLORER: 'none',
  CHAIN_ETH_BLOCKBOOK: 'none',
  CHAIN_TBTC_BLOCKBOOK: 'none',
  CHAIN_TBTC_MEMPOOL: 'none',
  CHAIN_LTC_BLOCKBOOK: 'none',
  CHAIN_BCH_BLOCKBOOK: 'none',
  CHAIN_GRS_BLOCKBOOK: 'none',
  CHAIN_DOGE_BLOCKBOOK: 'none',
  CHAIN_TETH_RPC: 'none',
  CHAIN_BSC_RPC: 'none',
  CHAIN_TBSC_RPC: 'none',
  CHAIN_XDC_RPC: 'none',
};

// ---------------------------------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------------------------------

function startServer(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-bench-failover-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WALLET_PROFILE: 'mainnet',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
  return new Promise((ok, fail) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /listening at (http:\/\/[^\s"]+)/i.exec(buf) ?? /"address":"(http:\/\/[^"]+)"/.exec(buf);
      if (m) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        ok({
          base: m[1],
          pid: child.pid,
          stop: () => (child.kill('SIGKILL'), fs.rmSync(dataDir, { recursive: true, force: true })),
        });
      }
    });
    child.on('exit', (c) => fail(new Error(`server exited (${c}): ${(buf + err).slice(-800)}`)));
  });
}

const rssKb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};

async function call(base, url) {
  const t = performance.now();
  try {
    const r = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(60_000) });
    const text = await r.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { text: text.slice(0, 200) };
    }
    return { ms: performance.now() - t, status: r.status, body };
  } catch (e) {
    return { ms: performance.now() - t, status: 0, body: { error: String(e) } };
  }
}

/** One probe on a running server: first call, --calls more, values, statuses and the RSS peak. */
async function probe(srv, p) {
  const before = rssKb(srv.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(srv.pid))), 25);
  const first = await call(srv.base, p.url);
  const later = [];
  for (let i = 0; i < CALLS; i++) later.push(await call(srv.base, p.url));
  clearInterval(sampler);
  const after = rssKb(srv.pid);
  peak = Math.max(peak, after);
  const all = [first, ...later];
  const values = all.map((x) => (x.status === 200 ? p.value(x.body) : undefined));
  const valueOk = all.every((x, i) => x.status === 200 && values[i] === p.want);
  const lieServed = values.some((v) => v === p.lie);
  const slowest = Math.max(...later.map((x) => x.ms));
  const rssMb = (peak - before) / 1024;
  const held =
    first.ms <= TARGET.firstMs && slowest <= TARGET.laterMs && valueOk && !lieServed && rssMb <= TARGET.rssMb;
  const failures = all
    .filter((x, i) => x.status !== 200 || values[i] !== p.want)
    .map((x) => ({
      status: x.status,
      ...(x.status === 200
        ? { value: p.value(x.body), provider: x.body.provider }
        : { code: x.body.code, error: x.body.error, attempts: x.body.attempts }),
    }));
  return {
    firstS: +(first.ms / 1000).toFixed(2),
    slowestLaterS: +(slowest / 1000).toFixed(2),
    laterS: later.map((x) => +(x.ms / 1000).toFixed(2)),
    valueOk,
    lieServed,
    statuses: all.map((x) => x.status),
    providers: [...new Set(all.map((x) => x.body?.provider).filter(Boolean))],
    rssBeforeMb: +(before / 1024).toFixed(1),
    rssAfterMb: +(after / 1024).toFixed(1),
    rssGrowthMb: +rssMb.toFixed(1),
    held,
    ...(failures.length ? { failures: dedupe(failures) } : {}),
  };
}

/** Distinct failure answers with how often each came. */
function dedupe(list) {
  const m = new Map();
  for (const f of list) {
    const k = JSON.stringify(f);
    m.set(k, { ...(m.get(k) ?? f), times: (m.get(k)?.times ?? 0) + 1 });
  }
  return [...m.values()];
}

// ---------------------------------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------------------------------

const fakes = {};
for (const f of FAMILIES) {
  const liar = await fake(FAMILY[f].answer, { mode: 'lie', requests: 0 });
  const healthy = await fake(FAMILY[f].answer, { mode: 'healthy', delayMs: DELAY, requests: 0 });
  const first = await fake(FAMILY[f].answer, { mode: 'healthy', liar: liar.url, requests: 0 });
  fakes[f] = { liar, healthy, first };
}
// The warm-up chain: TFIO on a healthy FIO node of its own (no probe uses it).
const warmNode = await fake(fioAnswer, { mode: 'healthy', requests: 0 });
const env = { ...OFF };
for (const f of FAMILIES) Object.assign(env, FAMILY[f].env(fakes[f].first.url, fakes[f].healthy.url));
env.CHAIN_TFIO_NODES = warmNode.url;
const probes = FAMILIES.flatMap((f) => FAMILY[f].probes);
const groups = [probes.filter((p) => !p.second), probes.filter((p) => p.second)].filter((g) => g.length);

/**
 * Warm-up: bad input to every probe's route (400, no provider asked) and real calls of the TFIO chain (the failover
 * path, the HTTP client's first use): the first request's lazy loading is not counted in the first probe.
 */
async function warm(srv, g) {
  await call(srv.base, '/api/chains');
  for (const p of g) await call(srv.base, p.url.replace(/[^/]+$/, 'not-an-address'));
  for (let i = 0; i < 3; i++) await call(srv.base, `/api/chains/TFIO/account/${ADDR.fio}`);
}

const line = (row) =>
  console.log(
    `${row.probe.padEnd(12)} ${row.mode.padEnd(9)} first ${row.firstS.toFixed(2).padStart(5)} s  later ≤ ${row.slowestLaterS.toFixed(2).padStart(5)} s  value ${row.lieServed ? 'LIE' : row.valueOk ? 'ok ' : 'BAD'}  RSS +${row.rssGrowthMb.toFixed(1).padStart(5)} MB  ${row.held ? 'held' : 'MISSED'}  [${[...new Set(row.statuses)].join(',')}]`,
  );

const results = [];
const t0 = performance.now();
for (const mode of MODES) {
  for (const f of FAMILIES) {
    fakes[f].first.state.mode = mode;
    fakes[f].first.dropAll();
  }
  // A fresh server per group (account probes; the second provider lists), started together: no probe inherits
  // another's breakers. In the waiting modes (hang, slow) the probes of a group run together (their providers are
  // separate); in the others, and with --serial, one after the other: a loaded machine then neither adds the other
  // probes' work to a probe's times nor their memory to its RSS growth.
  const serial = SERIAL || !WAITING.has(mode);
  const servers = await Promise.all(groups.map(() => startServer(env)));
  try {
    await Promise.all(groups.map((g, i) => warm(servers[i], g)));
    const run = async (srv, p) => {
      const row = { probe: p.name, mode, serial, ...(await probe(srv, p)) };
      results.push(row);
      line(row);
    };
    await Promise.all(
      groups.map(async (g, i) => {
        if (!serial) return Promise.all(g.map((p) => run(servers[i], p)));
        for (const p of g) await run(servers[i], p);
      }),
    );
  } finally {
    servers.forEach((s) => s.stop());
  }
}
const totalS = (performance.now() - t0) / 1000;

// The table: probe × mode, then the held matrix.
const order = probes.map((p) => p.name);
results.sort(
  (a, b) => order.indexOf(a.probe) - order.indexOf(b.probe) || MODES.indexOf(a.mode) - MODES.indexOf(b.mode),
);
console.log(
  `\nFailover, first provider failing, second healthy (${CALLS} later calls; target: first ≤ ${TARGET.firstMs / 1000} s, later ≤ ${TARGET.laterMs / 1000} s, healthy value, RSS growth ≤ ${TARGET.rssMb} MB)${WHOLE ? ' — chain checks failing too' : ''}`,
);
console.log(
  `${'probe'.padEnd(12)} | ${'mode'.padEnd(8)} | first s | later s | value | RSS MB | held | statuses`,
);
for (const r of results)
  console.log(
    `${r.probe.padEnd(12)} | ${r.mode.padEnd(8)} | ${r.firstS.toFixed(2).padStart(7)} | ${r.slowestLaterS.toFixed(2).padStart(7)} | ${(r.lieServed ? 'LIE' : r.valueOk ? 'ok' : 'bad').padEnd(5)} | ${r.rssGrowthMb.toFixed(1).padStart(6)} | ${r.held ? 'yes ' : 'NO  '} | ${[...new Set(r.statuses)].join(',')}`,
  );
console.log(`\n${'held'.padEnd(12)} | ${MODES.map((m) => m.padEnd(8)).join(' | ')}`);
for (const name of order)
  console.log(
    `${name.padEnd(12)} | ${MODES.map((m) => (results.find((r) => r.probe === name && r.mode === m)?.held ? 'yes' : 'NO').padEnd(8)).join(' | ')}`,
  );
const missed = results.filter((r) => !r.held);
for (const r of missed)
  console.log(
    `\nMISSED ${r.probe} / ${r.mode}: ${JSON.stringify(r.failures ?? { firstS: r.firstS, slowestLaterS: r.slowestLaterS, rssGrowthMb: r.rssGrowthMb })}`,
  );
console.log(`\n${results.length - missed.length}/${results.length} held, ${totalS.toFixed(0)} s`);

const out = path.join(root, '.tmp', 'bench-failover.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), calls: CALLS, delayMs: DELAY, whole: WHOLE, target: TARGET, seconds: Math.round(totalS), results }, null, 2)}\n`,
);
console.log(`written ${path.relative(root, out)}`);

for (const f of FAMILIES) for (const k of ['liar', 'healthy', 'first']) fakes[f][k].close();
warmNode.close();
process.exit(missed.length && !noFail ? 1 : 0);
