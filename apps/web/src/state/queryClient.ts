import { QueryClient } from '@tanstack/react-query';

/** Server data cache for the wallet screens (loaded with them, not with the landing page). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 2 } },
});
