/**
 * The chain families this server serves, in `GET /api/chains` order. A new family is a folder beside these (its
 * facade, configuration, providers and extra routes) and one line here.
 */
import { evmFamily } from './evm/index.js';
import { utxoFamily } from './utxo/index.js';
import { xrpFamily } from './xrp/index.js';

export const FAMILIES = [utxoFamily, evmFamily, xrpFamily] as const;

/** The id of a served family (`GET /api/chains` `family`). */
export type FamilyId = (typeof FAMILIES)[number]['id'];
