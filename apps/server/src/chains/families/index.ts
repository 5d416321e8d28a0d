/**
 * The chain families this server serves, in `GET /api/chains` order. A new family is a folder beside these (its
 * facade, configuration, providers and extra routes) and one line here.
 */
import { bnbFamily } from './bnb/index.js';
import { evmFamily } from './evm/index.js';
import { fioFamily } from './fio/index.js';
import { solanaFamily } from './solana/index.js';
import { stellarFamily } from './stellar/index.js';
import { tronFamily } from './tron/index.js';
import { utxoFamily } from './utxo/index.js';
import { xrpFamily } from './xrp/index.js';

export const FAMILIES = [
  utxoFamily,
  evmFamily,
  xrpFamily,
  bnbFamily,
  fioFamily,
  stellarFamily,
  tronFamily,
  solanaFamily,
] as const;

/** The id of a served family (`GET /api/chains` `family`). */
export type FamilyId = (typeof FAMILIES)[number]['id'];
