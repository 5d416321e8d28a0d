/**
 * @secux-companion/chain-tron — the TRON family (spec 02 TRX sections, issue 15).
 * Public: the adapter factory `createTronChain`, the pure rules (address, costs, transactions, history mapping) and
 * domain types. `network/` (the product-API client) is private to logic/.
 */
export * from './logic/index';
