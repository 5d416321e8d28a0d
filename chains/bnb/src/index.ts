/** @secux-companion/chain-bnb — placeholder index, filled by the family's work. */
export {};
