/** @secux-companion/chain-solana — placeholder index, filled by the family's work. */
export {};
