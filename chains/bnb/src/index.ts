/**
 * @secux-companion/chain-bnb — the BNB Beacon Chain family, READ-ONLY legacy (the chain halted on 2024-12-03 at
 * block 385,251,927). Public: the adapter factories, address check, archive mapping and the retirement facts.
 * `network/` (the product-API client) is private to logic/.
 */
export * from './logic/index';
