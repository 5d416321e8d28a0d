/**
 * @secux-companion/chain-xrp — the XRP Ledger family (spec 02 §3–9, issue 13).
 * Public: the adapter factory `createXrpChain`, the pure rules (address, reserve, payment, history mapping) and
 * domain types. `network/` (the product-API client) is private to logic/.
 */
export * from './logic/index';
