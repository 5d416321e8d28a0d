/** @secux-companion/chain-fio — placeholder index, filled by the family's work. */
export {};
