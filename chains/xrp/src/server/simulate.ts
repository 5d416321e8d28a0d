/**
 * rippled's `simulate` (2.4+) of an unsigned XRP Payment (issue 32: balance changes before signing): the engine
 * result and, when the transaction would apply (tes, tec), each AccountRoot's Balance before and after from the
 * metadata. Capped and checked: at most {@link SIM_NODES_MAX} affected nodes, balances within the XRP that exists. A
 * server without the method (unknownCmd, notImpl) answers `available: false`.
 */
import { z } from 'zod';
import { ProviderError } from '@secux-companion/server-kit/failover';
import { XRP_MAX_DROPS } from './bounds.js';
import type { XrpBalanceChange, XrpSimAnswer } from './backend.js';

export type { XrpBalanceChange, XrpSimAnswer };

/** Affected nodes read from one simulated Payment (a payment touches two or three). */
export const SIM_NODES_MAX = 32;

const Drops = z.string().regex(/^\d{1,20}$/);
const Fields = z.object({ Account: z.string().max(40).optional(), Balance: Drops.optional() }).passthrough();
const Node = z
  .object({
    ModifiedNode: z
      .object({
        LedgerEntryType: z.string(),
        FinalFields: Fields.optional(),
        PreviousFields: Fields.optional(),
      })
      .passthrough()
      .optional(),
    CreatedNode: z.object({ LedgerEntryType: z.string(), NewFields: Fields }).passthrough().optional(),
    DeletedNode: z
      .object({
        LedgerEntryType: z.string(),
        FinalFields: Fields.optional(),
        PreviousFields: Fields.optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export const SimulateAnswer = z.object({
  applied: z.literal(false),
  engine_result: z.string().min(3).max(40),
  engine_result_message: z.string().max(300),
  meta: z
    .object({ AffectedNodes: z.array(Node).max(SIM_NODES_MAX), TransactionResult: z.string() })
    .passthrough()
    .optional(),
  tx_json: z.object({ Fee: Drops }).passthrough(),
});

const drops = (v: string, what: string) => {
  if (BigInt(v) > XRP_MAX_DROPS) throw new ProviderError('malformed', `simulate: ${what} out of bounds`);
  return v;
};

/** The AccountRoot balance changes of a simulate answer's metadata. */
export function balanceChanges(a: z.output<typeof SimulateAnswer>): XrpBalanceChange[] {
  const out: XrpBalanceChange[] = [];
  for (const n of a.meta?.AffectedNodes ?? []) {
    if (n.CreatedNode?.LedgerEntryType === 'AccountRoot') {
      const f = n.CreatedNode.NewFields;
      if (f.Account && f.Balance)
        out.push({ account: f.Account, before: null, after: drops(f.Balance, 'balance') });
    }
    const m = n.ModifiedNode ?? n.DeletedNode;
    if (m?.LedgerEntryType === 'AccountRoot' && m.FinalFields?.Account && m.FinalFields.Balance) {
      const final = drops(m.FinalFields.Balance, 'balance');
      const previous =
        m.PreviousFields?.Balance !== undefined ? drops(m.PreviousFields.Balance, 'balance') : final;
      out.push({ account: m.FinalFields.Account, before: previous, after: n.DeletedNode ? null : final });
    }
  }
  return out;
}
