/** The chain's getters: /wallet/getnowblock, getchainparameters and getassetissuebyid. */
import { num, textHex } from '../codec.js';
import type { Block, TronState } from '../state.js';

/** A block as getnowblock answers it (`parent`: the block before it). */
export function blockAnswer(b: Block, parent: Block | undefined): unknown {
  return {
    blockID: b.id,
    block_header: {
      raw_data: {
        number: b.number,
        timestamp: b.timestamp,
        parentHash: parent?.id ?? '0'.repeat(64),
        version: 31,
      },
    },
  };
}

export const getNowBlock = (s: TronState): unknown => blockAnswer(s.head, s.blocks.at(-2));

export function getChainParameters(s: TronState): unknown {
  return {
    chainParameter: [
      { key: 'getMaintenanceTimeInterval', value: 21_600_000 },
      { key: 'getAccountUpgradeCost', value: 9_999_000_000 },
      ...Object.entries(s.params).map(([key, value]) => ({ key, value: num(value) })),
      { key: 'getAllowTvmCompatibleEvm' },
    ],
  };
}

export function getAssetIssueById(s: TronState, p: Record<string, unknown>): unknown {
  if (String(p.value) !== s.asset.id) return {};
  return {
    id: s.asset.id,
    owner_address: '41' + '0'.repeat(40),
    name: textHex(s.asset.name),
    abbr: textHex(s.asset.abbr),
    total_supply: 1_000_000_000,
    precision: s.asset.precision,
  };
}
