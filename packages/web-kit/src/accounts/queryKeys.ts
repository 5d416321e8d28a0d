/** Query keys of one account's server data (invalidated after a send or speed-up). */
export const accountKeys = {
  state: (id: string) => ['account-state', id] as const,
  history: (id: string) => ['account-history', id] as const,
};
