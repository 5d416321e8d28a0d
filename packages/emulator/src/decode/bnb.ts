/** BNB: a Beacon chain JSON sign doc. */
import type { PromptLine } from '../screen.js';
import { formatUnits } from './format.js';

interface BnbCoin {
  amount: number | string;
  denom: string;
}
interface BnbSignDoc {
  chain_id?: string;
  memo?: string;
  msgs?: Array<{ inputs?: Array<{ address: string; coins: BnbCoin[] }>; outputs?: Array<{ address: string; coins: BnbCoin[] }> }>;
}

const bnbCoins = (coins: BnbCoin[]) =>
  coins.map((c) => `${formatUnits(BigInt(c.amount), 8)} ${c.denom}`).join(', ');

export function bnbLines(data: Uint8Array): PromptLine[] {
  const doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data)) as BnbSignDoc;
  const msg = doc.msgs?.[0];
  if (!msg?.outputs?.length) throw new Error('BNB: no transfer');
  const lines: PromptLine[] = [];
  if (doc.chain_id) lines.push({ label: 'Network', value: doc.chain_id });
  for (const i of msg.inputs ?? []) lines.push({ label: 'From', value: i.address });
  for (const o of msg.outputs) {
    lines.push({ label: 'Recipient', value: o.address });
    lines.push({ label: 'Amount', value: bnbCoins(o.coins) });
  }
  if (doc.memo) lines.push({ label: 'Memo', value: doc.memo });
  return lines;
}
