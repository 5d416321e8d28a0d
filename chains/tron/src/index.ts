/** @secux-companion/chain-tron — placeholder index, filled by the family's work. */
export {};
