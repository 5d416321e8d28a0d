// Coin selection benchmark: @secux-companion/chain-bitcoin's selectCoins vs the `coinselect`
// npm package, over 10,000 random unspent outputs (seeded), several targets and fee rates.
//
//   node --import tsx bench/coinselect.mjs [runs]
//
// Both use the same size model (legacy P2PKH inputs 148 B, P2PKH outputs 34 B, 10 B
// skeleton), so fees compare like for like. coinselect's fee is inputs − outputs (it
// gives small remainders to the miner); ours is rate × vsize with change ≥ 546.
import { performance } from 'node:perf_hooks';
import coinSelect from 'coinselect';
import { selectCoins } from '../chains/bitcoin/src/logic/coinselect.ts';

const UTXO_COUNT = 10_000;
const RUNS = Number(process.argv[2] ?? 31);
const TARGETS = [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
const FEE_RATES = [1, 5, 25, 100];

// mulberry32
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(20240601);
// log-uniform values between 546 and 50,000,000 satoshis
const values = Array.from({ length: UTXO_COUNT }, () => Math.round(546 * Math.exp(random() * Math.log(50_000_000 / 546))));
const ours = values.map((v, i) => ({ txid: `t${i}`, vout: 0, value: BigInt(v), type: 'p2pkh', height: 1 }));
const theirs = values.map((v, i) => ({ txId: `t${i}`, vout: 0, value: v }));
const total = values.reduce((s, v) => s + v, 0);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function time(fn) {
  for (let i = 0; i < 5; i++) fn(); // warm up
  const samples = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = fn();
    samples.push(performance.now() - t0);
  }
  return { ms: median(samples), result };
}

console.log(`${UTXO_COUNT} UTXOs, total ${(total / 1e8).toFixed(8)} BTC, median of ${RUNS} runs\n`);
console.log('target sat     rate | ours fee  in  ms     | coinselect fee  in  ms  | fee ok  time ok');
let feeOk = 0;
let timeOk = 0;
let cases = 0;
let sumOurs = 0;
let sumTheirs = 0;
let sumOursMs = 0;
let sumTheirsMs = 0;
for (const target of TARGETS) {
  for (const rate of FEE_RATES) {
    const a = time(() => {
      try {
        return selectCoins({ utxos: ours, amount: BigInt(target), recipientScriptLength: 25, feeRate: rate, changeType: 'p2pkh' });
      } catch (e) {
        return { error: e.code ?? e.message };
      }
    });
    const b = time(() => coinSelect(theirs, [{ address: 'x', value: target }], rate));
    const oursFee = a.result.error ? NaN : Number(a.result.fee);
    const theirFee = b.result.inputs ? b.result.fee : NaN;
    const fOk = Number.isNaN(theirFee) ? true : oursFee <= theirFee;
    const tOk = a.ms <= 2 * b.ms;
    cases++;
    if (fOk) feeOk++;
    if (tOk) timeOk++;
    if (!Number.isNaN(oursFee) && !Number.isNaN(theirFee)) {
      sumOurs += oursFee;
      sumTheirs += theirFee;
    }
    sumOursMs += a.ms;
    sumTheirsMs += b.ms;
    console.log(
      `${String(target).padStart(13)} ${String(rate).padStart(4)} | ` +
        `${(a.result.error ?? String(oursFee)).padStart(8)} ${String(a.result.inputs?.length ?? '-').padStart(3)} ${a.ms.toFixed(3).padStart(6)} | ` +
        `${String(Number.isNaN(theirFee) ? 'fail' : theirFee).padStart(14)} ${String(b.result.inputs?.length ?? '-').padStart(3)} ${b.ms.toFixed(3).padStart(6)} | ` +
        `${fOk ? 'yes' : 'NO '}     ${tOk ? 'yes' : 'NO'}`,
    );
  }
}
console.log(
  `\nfee ≤ coinselect in ${feeOk}/${cases} cases (sum of fees: ours ${sumOurs}, coinselect ${sumTheirs}); ` +
    `time ≤ 2× in ${timeOk}/${cases} cases (sum of medians: ours ${sumOursMs.toFixed(2)} ms, coinselect ${sumTheirsMs.toFixed(2)} ms)`,
);
