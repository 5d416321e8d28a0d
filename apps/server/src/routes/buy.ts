/**
 * GET /api/buy/widget-url?address=&coin=&currency=: the first buy provider's embedded trade page URL, with an
 * HMAC-SHA256 signature of the receive address (the secret stays on the server).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import type { Config } from '../config.js';
import { HttpError, parseInput } from '../errors.js';
import { FIAT_CURRENCIES } from '../prices/constants.js';

/** Coins the first provider supports (spec 01 §9). */
export const BUY_COINS = ['ETH', 'BTC', 'BCH', 'LTC', 'DOGE', 'XLM', 'SOL'] as const;

const Query = z.object({
  address: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:]{20,128}$/, { message: 'must be 20-128 letters/digits' }),
  coin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => (BUY_COINS as readonly string[]).includes(c), {
      message: `must be one of ${BUY_COINS.join(', ')}`,
    }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => (FIAT_CURRENCIES as readonly string[]).includes(c), {
      message: 'must be one of the supported fiat currencies',
    })
    .default('USD'),
});

export const signAddress = (secret: string, address: string): string =>
  createHmac('sha256', secret).update(address).digest('hex');

export function buildWidgetUrl(
  cfg: Config['buyWidget'],
  address: string,
  coin: string,
  currency: string,
): string {
  if (!cfg.hmacSecret) throw new Error('buy widget secret not configured');
  const u = new URL(cfg.url);
  u.searchParams.set('partnerId', cfg.partnerId);
  u.searchParams.set('primaryColor', cfg.primaryColor);
  u.searchParams.set('cryptoCurrencies', coin);
  u.searchParams.set('transferInMedia', 'card,bank');
  u.searchParams.set('address', address);
  u.searchParams.set('addressSignature', signAddress(cfg.hmacSecret, address));
  u.searchParams.set('addressConfirmation', 'true');
  u.searchParams.set('defaultFiatCurrency', currency);
  return u.toString();
}

export function registerBuyRoutes(api: FastifyInstance, { config }: AppDeps): void {
  api.get('/buy/widget-url', async (req, reply) => {
    const q = parseInput(Query, req.query, 'query');
    if (!config.buyWidget.hmacSecret) throw new HttpError(503, 'buy widget is not configured on this server');
    reply.header('cache-control', 'no-store');
    return {
      provider: 'primary',
      coin: q.coin,
      currency: q.currency,
      url: buildWidgetUrl(config.buyWidget, q.address, q.coin, q.currency),
    };
  });
}
