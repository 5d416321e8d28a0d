/**
 * The local UTXO chains (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE) behind one loopback HTTP port: each coin's Blockbook
 * v2 API under `/<coin>/` (e.g. http://127.0.0.1:9130/btc/api/v2/xpub/…) and, for BTC and TBTC, mempool.space's fee
 * API under `/<coin>/mempool/api/`. A faucet key owns the first block's coinbase and funds the emulator's first
 * accounts of every purpose the coin has with signed transactions the chain checks like any other.
 *
 * Control routes, loopback callers only: POST /<coin>/control/mine {blocks}, POST /<coin>/control/faucet {address,
 * sats} → {txid}, POST /<coin>/control/fees {fastestFee, halfHourFee, hourFee, economyFee, minimumFee}.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import * as ecc from 'tiny-secp256k1';
import { Transaction } from 'bitcoinjs-lib';
import { serve } from '@secux-companion/sim-kit';
import { mnemonicToRoot } from '@secux-companion/sim-kit';
import { Blockbook, type Answer } from './blockbook.js';
import { COINBASE_MATURITY, UtxoChain, feeFor } from './chain.js';
import { UTXO_COINS, UTXO_COIN_IDS, type Bip, type UtxoCoin, type UtxoCoinId } from './coins.js';
import { addressToScript, hash160, p2pkhScript, scriptForKey, scriptToAddress, signInput } from './script.js';

export const DEFAULT_UTXO_PORT = 9130;
export const UTXO_CONTROL = '/control/';
const SATS = 100_000_000n;

/** The faucet's key: fixed and independent of the mnemonic (it is nobody's wallet). */
const FAUCET_KEY = sha256(new TextEncoder().encode('secux-companion/localnet/utxo-faucet'));
const FAUCET_PUB = ecc.pointFromScalar(FAUCET_KEY, true)!;

export interface UtxoFunded {
  path: string;
  bip: Bip;
  address: string;
  sats: string;
}

export interface UtxoCoinInfo {
  /** Blockbook base URL (the server's CHAIN_<SYM>_BLOCKBOOK). */
  blockbook: string;
  /** mempool.space API base (BTC, TBTC). */
  mempool?: string;
  network: 'main' | 'test';
  funded: UtxoFunded[];
}

export interface UtxoInfo {
  url: string;
  coins: Record<UtxoCoinId, UtxoCoinInfo>;
  blockIntervalMs: number;
}

export interface UtxoOptions {
  host: string;
  port: number;
  mnemonic: string;
  blockIntervalMs: number;
  log: (msg: string) => void;
}

/** A chain with its Blockbook and faucet. */
export class LocalUtxoCoin {
  readonly chain: UtxoChain;
  readonly blockbook: Blockbook;
  private readonly faucetScript = p2pkhScript(hash160(FAUCET_PUB));

  constructor(readonly coin: UtxoCoin) {
    this.chain = new UtxoChain(coin);
    this.blockbook = new Blockbook(this.chain);
    // The faucet's coinbase, matured by COINBASE_MATURITY blocks.
    this.chain.mine(1, this.faucetScript, BigInt(coin.fundCoins) * 1000n * SATS);
    this.mine(COINBASE_MATURITY);
  }

  mine(blocks: number): void {
    this.chain.mine(blocks, this.faucetScript);
  }

  /** Pays each address from the faucet in one signed transaction (into the mempool); its id. */
  pay(outputs: { address: string; sats: bigint }[]): string {
    const coin = this.coin;
    const spendable = [...this.chain.coins.values()].filter(
      (c) =>
        !c.spentBy &&
        c.value > 0n &&
        c.address === scriptToAddress(coin, this.faucetScript) &&
        (!c.coinbase || this.chain.confirmations(c.height) >= COINBASE_MATURITY),
    );
    const want = outputs.reduce((s, o) => s + o.sats, 0n);
    const tx = new Transaction();
    tx.version = 2;
    const prevouts: { script: Uint8Array; value: bigint }[] = [];
    let have = 0n;
    for (const c of spendable.sort((a, b) => (b.value > a.value ? 1 : -1))) {
      tx.addInput(Buffer.from(c.txid, 'hex').reverse(), c.vout, 0xffffffff);
      prevouts.push({ script: c.script, value: c.value });
      have += c.value;
      if (have >= want + 10n * SATS) break;
    }
    for (const o of outputs) {
      const script = addressToScript(coin, o.address);
      if (!script) throw new Error(`${o.address} is not a ${coin.id} address`);
      tx.addOutput(Buffer.from(script), o.sats);
    }
    // A generous rate (twice the relay floor, at least 2 sat/vB) on a size with room for the signatures.
    const rate = Math.max(2 * coin.minRelayFeePerKvB, 2000);
    const fee = feeFor(tx.byteLength() + 110 * tx.ins.length + 34, rate);
    if (have < want + fee) throw new Error(`the ${coin.id} faucet is empty`);
    tx.addOutput(Buffer.from(this.faucetScript), have - want - fee);
    for (let i = 0; i < tx.ins.length; i++) signInput(coin, tx, i, prevouts, FAUCET_KEY, 44);
    return this.chain.submit(tx.toHex());
  }
}

/** The emulator's funded addresses of a coin: account 0 of each purpose, and account 1 of the first. */
export function utxoFundedAddresses(coin: UtxoCoin, mnemonic: string): Omit<UtxoFunded, 'sats'>[] {
  const root = mnemonicToRoot(mnemonic);
  const accounts: [Bip, number][] = [...coin.bips.map((b): [Bip, number] => [b, 0]), [coin.bips[0]!, 1]];
  return accounts.map(([bip, account]) => {
    const path = `m/${bip}'/${coin.coinType}'/${account}'/0/0`;
    const key = root.derive(path);
    return { path, bip, address: scriptToAddress(coin, scriptForKey(bip, key.publicKey!))! };
  });
}

/** The emulator's address of a coin at a full path (m/bip'/coin'/account'/change/index). */
export function emulatorUtxoAddress(id: UtxoCoinId, path: string, mnemonic: string): string {
  const bip = Number(/^m\/(\d+)'/.exec(path)?.[1]) as Bip;
  return scriptToAddress(
    UTXO_COINS[id],
    scriptForKey(bip, mnemonicToRoot(mnemonic).derive(path).publicKey!),
  )!;
}

const isLoopback = (a: string | undefined) => a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';

export async function startUtxo(
  o: UtxoOptions,
): Promise<{ info: UtxoInfo; coins: Record<UtxoCoinId, LocalUtxoCoin>; stop: () => Promise<void> }> {
  const coins = {} as Record<UtxoCoinId, LocalUtxoCoin>;
  const funded = {} as Record<UtxoCoinId, UtxoFunded[]>;
  for (const id of UTXO_COIN_IDS) {
    const c = new LocalUtxoCoin(UTXO_COINS[id]);
    const sats = BigInt(UTXO_COINS[id].fundCoins) * SATS;
    const list = utxoFundedAddresses(c.coin, o.mnemonic).map((f) => ({ ...f, sats: sats.toString() }));
    c.pay(list.map((f) => ({ address: f.address, sats })));
    c.mine(1);
    coins[id] = c;
    funded[id] = list;
  }

  const served = await serve({
    ports: [o.port],
    host: o.host,
    tick: { ms: o.blockIntervalMs, run: () => Object.values(coins).forEach((c) => c.mine(1)) },
    handle: (req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://localnet');
      const m = /^\/([a-z]+)(\/.*)?$/.exec(url.pathname);
      const coin = m && coins[m[1]!.toUpperCase() as UtxoCoinId];
      let answer: Answer;
      if (!coin) answer = { status: 404, body: { error: 'Not found' } };
      else if ((m[2] ?? '').startsWith(UTXO_CONTROL)) {
        answer = isLoopback(req.socket.remoteAddress)
          ? control(coin, m[2]!.slice(UTXO_CONTROL.length), body)
          : { status: 403, body: { error: 'control routes answer loopback callers only' } };
      } else answer = coin.blockbook.handle(req.method ?? 'GET', m[2] ?? '/', url.searchParams, body);
      res.writeHead(answer.status, { 'content-type': answer.text ? 'text/plain' : 'application/json' });
      res.end(answer.text ? String(answer.body) : JSON.stringify(answer.body));
    },
  });
  const url = served.urls[0]!;
  const info: UtxoInfo = {
    url,
    blockIntervalMs: o.blockIntervalMs,
    coins: Object.fromEntries(
      UTXO_COIN_IDS.map((id) => [
        id,
        {
          blockbook: `${url}/${id.toLowerCase()}`,
          ...(UTXO_COINS[id].mempoolFees ? { mempool: `${url}/${id.toLowerCase()}/mempool/api` } : {}),
          network: UTXO_COINS[id].chain,
          funded: funded[id],
        },
      ]),
    ) as Record<UtxoCoinId, UtxoCoinInfo>,
  };
  o.log(`UTXO chains (${UTXO_COIN_IDS.join(', ')}) with Blockbook APIs at ${url}/<coin>/api/v2`);
  return { info, coins, stop: served.stop };
}

function control(c: LocalUtxoCoin, route: string, body: string): Answer {
  let input: Record<string, unknown>;
  try {
    input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  } catch {
    return { status: 400, body: { error: 'body is not JSON' } };
  }
  try {
    if (route === 'mine') {
      const blocks = Number(input.blocks ?? 1);
      if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1000)
        return { status: 400, body: { error: 'blocks: 1 to 1000' } };
      c.mine(blocks);
      return { status: 200, body: { height: c.chain.height, hash: c.chain.tip.hash } };
    }
    if (route === 'faucet') {
      const address = String(input.address ?? '');
      const sats = BigInt(String(input.sats ?? '0'));
      if (sats <= 0n) return { status: 400, body: { error: 'sats must be positive' } };
      return { status: 200, body: { txid: c.pay([{ address, sats }]) } };
    }
    if (route === 'fees') {
      const f = c.blockbook.fees;
      for (const k of Object.keys(f) as (keyof typeof f)[])
        if (input[k] !== undefined) {
          const v = Number(input[k]);
          if (!(v > 0)) return { status: 400, body: { error: `${k} must be positive` } };
          f[k] = v;
        }
      return { status: 200, body: f };
    }
  } catch (e) {
    return { status: 400, body: { error: e instanceof Error ? e.message : String(e) } };
  }
  return { status: 404, body: { error: 'Not found' } };
}
