/**
 * FIO's staking statistics service: GET <url> → `{ staked_token_pool, outstanding_srps, rewards_token_pool,
 * combined_token_pool, staking_rewards_reserves_minted, roe, activated, historical_apr: { '1day', '7day', '30day' } }`
 * (percent, null while the service has too little history). Mainnet: https://services-external.fioprotocol.io/staking
 * — the FIO Protocol wiki's "Staking" page spec (fioprotocol.atlassian.net/wiki/spaces/DAO/pages/712278043) and its
 * "Token Supply API" page (pages/378536057, repo fioprotocol/fio-supply: {base_url}/staking); Edge's FIO plugin reads
 * the same answer's historical_apr['7day'] from https://fioprotocol.io/staking. Spec 03 §7 shows that 7-day figure.
 */
import { z } from 'zod';
import {
  httpRequest,
  parseJson,
  validate,
  withBreaker,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import type { FioStakingProvider } from '../backend.js';

/** The service's answer, of which only the 7-day APR is used; a percent outside ±100,000 is not an APR. */
const Stats = z.object({
  historical_apr: z.object({ '7day': z.number().finite().min(-100_000).max(100_000).nullable() }),
});

export const MAINNET_STAKING_URL = 'https://services-external.fioprotocol.io/staking';

export function createFioStakingService(o: {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}): FioStakingProvider {
  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async apr7d(signal) {
      const a = await httpRequest(o.fetch, o.url, { method: 'GET', signal });
      return validate(Stats, parseJson(a.text), 'staking').historical_apr['7day'];
    },
  });
}
