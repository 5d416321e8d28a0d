/** XLM: the signature base of a Stellar transaction (stellar-base XDR). */
import { sha256 } from '@noble/hashes/sha2.js';
import StellarBase from 'stellar-base';
import { toHex } from '../bytes.js';
import type { PromptLine } from '../screen.js';
import { formatUnits, printable } from './format.js';

const STELLAR_NETWORKS: Array<[string, string]> = [
  ['Public', StellarBase.Networks.PUBLIC],
  ['Testnet', StellarBase.Networks.TESTNET],
];

/** "12.5000000" -> "12.5" (stellar-base prints amounts with 7 decimals) */
const trimAmount = (a: unknown): string => String(a).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

function xlmAsset(asset: { isNative(): boolean; getCode(): string; getIssuer(): string } | undefined): string {
  if (!asset || asset.isNative()) return 'XLM';
  return `${asset.getCode()} (issuer ${asset.getIssuer()})`;
}

/** signature base: sha256(passphrase) ‖ ENVELOPE_TYPE_TX ‖ Transaction XDR */
export function xlmLines(data: Uint8Array): PromptLine[] {
  const { xdr, Transaction } = StellarBase;
  const payload = xdr.TransactionSignaturePayload.fromXDR(Buffer.from(data));
  const networkId = toHex(payload.networkId());
  const network = STELLAR_NETWORKS.find(([, p]) => toHex(sha256(new TextEncoder().encode(p))) === networkId);
  const tagged = payload.taggedTransaction();
  if (tagged.switch().name !== 'envelopeTypeTx') throw new Error('unsupported Stellar envelope');
  const env = xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx: tagged.value() as StellarBase.xdr.Transaction, signatures: [] }),
  );
  const tx = new Transaction(env, network?.[1] ?? StellarBase.Networks.PUBLIC);
  const lines: PromptLine[] = [
    { label: 'Network', value: network?.[0] ?? `unknown (${networkId.slice(0, 16)}…)` },
    { label: 'From', value: tx.source },
  ];
  for (const op of tx.operations) {
    const o = op as unknown as Record<string, unknown> & { type: string };
    switch (o.type) {
      case 'payment':
        lines.push({ label: 'Recipient', value: String(o.destination) });
        lines.push({ label: 'Amount', value: `${trimAmount(o.amount)} ${xlmAsset(o.asset as never)}` });
        break;
      case 'createAccount':
        lines.push({ label: 'Create account', value: String(o.destination) });
        lines.push({ label: 'Amount', value: `${trimAmount(o.startingBalance)} XLM` });
        break;
      case 'changeTrust':
        lines.push({ label: 'Trust line', value: xlmAsset(o.line as never) });
        break;
      default:
        lines.push({ label: 'Operation', value: o.type });
    }
  }
  lines.push({ label: 'Fee', value: `${formatUnits(BigInt(tx.fee), 7)} XLM` });
  const memo = tx.memo;
  if (memo.type !== 'none' && memo.value !== null) {
    const v = memo.value;
    lines.push({ label: 'Memo', value: typeof v === 'string' ? v : v instanceof Uint8Array ? printable(v) : String(v) });
  }
  return lines;
}
