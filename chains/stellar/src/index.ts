/** @secux-companion/chain-stellar — placeholder index, filled by the family's work. */
export {};
