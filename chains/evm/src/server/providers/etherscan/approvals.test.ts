import { describe, expect, it } from 'vitest';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from '../../approvals.js';
import { getApprovalLogs } from './approvals.js';
import type { Explorer } from './client.js';

const OWNER = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const word = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`;
const spender = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`;
const one = `0x${'1'.padStart(64, '0')}`;

function explorer(pages: (topic0: string, page: number) => unknown[]) {
  const asked: Record<string, string>[] = [];
  const ex = {
    async call(params: Record<string, string>) {
      asked.push(params);
      return pages(params.topic0!, Number(params.page));
    },
  } as unknown as Explorer;
  return { ex, asked };
}

describe("an explorer's getLogs for approvals", () => {
  it('asks each event with the owner as topic 1 (and), 1000 a page, and stops at a short page', async () => {
    const { ex, asked } = explorer((topic0) =>
      topic0 === APPROVAL_TOPIC
        ? [
            {
              address: spender(99),
              topics: [APPROVAL_TOPIC, word(OWNER), word(spender(1))],
              data: one,
              blockNumber: '0x5',
            },
          ]
        : [],
    );
    const r = await getApprovalLogs(ex, OWNER, AbortSignal.timeout(1000));
    expect(
      asked.map((p) => [p.module, p.action, p.topic0, p.topic1, p.topic0_1_opr, p.page, p.offset]),
    ).toEqual([
      ['logs', 'getLogs', APPROVAL_TOPIC, word(OWNER), 'and', '1', '1000'],
      ['logs', 'getLogs', APPROVAL_FOR_ALL_TOPIC, word(OWNER), 'and', '1', '1000'],
    ]);
    expect(r).toMatchObject({ fromBlock: 0, truncated: false });
    expect(r.candidates).toHaveLength(1);
  });

  it('full pages: at most 2 per event, then the answer says truncated', async () => {
    const page = (topic0: string) =>
      Array.from({ length: 1000 }, (_, i) => ({
        address: spender(500),
        topics: [topic0, word(OWNER), word(spender(i % 50))],
        data: one,
        blockNumber: `0x${i.toString(16)}`,
      }));
    const { ex, asked } = explorer((topic0) => page(topic0));
    const r = await getApprovalLogs(ex, OWNER, AbortSignal.timeout(1000));
    expect(asked).toHaveLength(4);
    expect(r.truncated).toBe(true);
    expect(r.candidates).toHaveLength(100);
  });

  it('an answer that is not a list of logs, or longer than a page, is refused', async () => {
    await expect(
      getApprovalLogs(explorer(() => [{ nope: 1 }]).ex, OWNER, AbortSignal.timeout(1000)),
    ).rejects.toThrow();
    await expect(
      getApprovalLogs(
        explorer(() => Array.from({ length: 1001 }, () => ({ address: spender(1), topics: [], data: '0x' })))
          .ex,
        OWNER,
        AbortSignal.timeout(1000),
      ),
    ).rejects.toThrow();
  });
});
