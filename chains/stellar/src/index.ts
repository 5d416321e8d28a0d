/**
 * @secux-companion/chain-stellar — the Stellar family (spec 02 §3–9, issue 13).
 * Public: the adapter factory `createStellarChain` / `createStellarProductApiChain`, the pure rules (addresses and
 * muxed recipients, memos, minimum balance, payment / createAccount, history mapping) and domain types. `network/`
 * (the product-API client) is private to logic/.
 */
export * from './logic/index';
