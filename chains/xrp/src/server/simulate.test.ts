/** The decoders of rippled's simulate (server metadata → balance changes; the product API's answer) and the deltas. */
import { describe, expect, it } from 'vitest';
import { balanceChanges, SimulateAnswer } from './simulate.js';
import { parseXrpSimulation } from '../network/productApi';
import { xrpDeltas } from '../logic/adapter';

const A = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const B = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const C = 'rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn';

describe('XRP simulate decoders', () => {
  it('balanceChanges: a modified sender, a created recipient; offers and other entries left out', () => {
    const a = SimulateAnswer.parse({
      applied: false,
      engine_result: 'tesSUCCESS',
      engine_result_message: 'The simulated transaction would have been applied.',
      tx_json: { Fee: '12' },
      meta: {
        TransactionResult: 'tesSUCCESS',
        AffectedNodes: [
          {
            ModifiedNode: {
              LedgerEntryType: 'AccountRoot',
              FinalFields: { Account: A, Balance: '8999988' },
              PreviousFields: { Balance: '20000000', Sequence: 4 },
            },
          },
          { CreatedNode: { LedgerEntryType: 'AccountRoot', NewFields: { Account: B, Balance: '11000000' } } },
          { ModifiedNode: { LedgerEntryType: 'Offer', FinalFields: { Account: C } } },
        ],
      },
    });
    expect(balanceChanges(a)).toEqual([
      { account: A, before: '20000000', after: '8999988' },
      { account: B, before: null, after: '11000000' },
    ]);
  });

  it('balanceChanges: a balance above the XRP that exists is malformed', () => {
    const a = SimulateAnswer.parse({
      applied: false,
      engine_result: 'tesSUCCESS',
      engine_result_message: '',
      tx_json: { Fee: '12' },
      meta: {
        TransactionResult: 'tesSUCCESS',
        AffectedNodes: [
          {
            CreatedNode: {
              LedgerEntryType: 'AccountRoot',
              NewFields: { Account: B, Balance: '99999999999999999999' },
            },
          },
        ],
      },
    });
    expect(() => balanceChanges(a)).toThrow(/out of bounds/);
  });

  it('parseXrpSimulation and xrpDeltas: the sender, the recipient, anyone else', () => {
    const sim = parseXrpSimulation({
      available: true,
      engineResult: 'tesSUCCESS',
      message: '',
      fee: '12',
      changes: [
        { account: A, before: '20000000', after: '8999988' },
        { account: B, before: null, after: '11000000' },
      ],
    });
    expect(sim.available && xrpDeltas(sim.changes, { self: A, recipient: B })).toEqual([
      { who: 'self', asset: 'XRP', symbol: 'XRP', decimals: 6, amount: -11_000_012n },
      { who: 'recipient', asset: 'XRP', symbol: 'XRP', decimals: 6, amount: 11_000_000n },
    ]);
    expect(() =>
      parseXrpSimulation({
        available: true,
        engineResult: 'tesSUCCESS',
        fee: '1',
        changes: Array(33).fill({}),
      }),
    ).toThrow(/malformed/);
    expect(parseXrpSimulation({ available: false })).toEqual({ available: false });
  });
});
