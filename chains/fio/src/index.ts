/**
 * @secux-companion/chain-fio — the FIO family (spec 03, issue 16): rules (keys, handles, domains, fees, max_fee),
 * transactions with fiojs (TAPOS, tpid, the device's signature over the chain id), history mapping and the adapter.
 * `network/` (the product-API client) is private to logic/.
 */
export * from './logic/index';
