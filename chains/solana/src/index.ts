/**
 * @secux-companion/chain-solana — the Solana family (spec 02 "SOL", issue 14): SOL, SPL tokens and Token-2022.
 * Public: the adapter factories, the pure rules (address, path, fees, token extensions, transactions, history
 * mapping) and domain types. `network/` (the product-API client) is private to logic/.
 */
export * from './logic/index';
