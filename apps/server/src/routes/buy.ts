/**
 * GET /api/buy/widget-url?address=&coin=&currency=: the first buy provider's embedded trade page URL, with an
 * HMAC-SHA256 signature of the receive address (the secret stays on the server).
 * GET /api/buy/widget-url?provider=secondary&coin=: the second (EU) provider's widget URL; that widget is
 * initialised by postMessage from the app (spec 01 §5), so the URL carries no address and no signature.
 * Local profile only: GET /api/buy/stand-in/{primary,secondary}.{html,js}, offline stand-ins of both widgets.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { FIAT_CURRENCIES } from '../prices/constants.js';
import { STAND_IN_CSP, STAND_IN_FILES } from '../buyStandIn/pages.js';

/** Coins the first provider supports (spec 01 §9). */
export const BUY_COINS = ['ETH', 'BTC', 'BCH', 'LTC', 'DOGE', 'XLM', 'SOL'] as const;

/** Coins the second (EU) provider supports (spec 01 §9). */
export const BUY_COINS_SECONDARY = ['ETH', 'BTC', 'BCH', 'LTC', 'XRP', 'DOGE', 'BSC', 'TRX'] as const;

const COINS: Record<'primary' | 'secondary', readonly string[]> = {
  primary: BUY_COINS,
  secondary: BUY_COINS_SECONDARY,
};

const Query = z
  .object({
    provider: z
      .enum(['primary', 'secondary'], { message: "must be 'primary' or 'secondary'" })
      .default('primary'),
    address: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:]{20,128}$/, { message: 'must be 20-128 letters/digits' })
      .optional(),
    coin: z.string().trim().toUpperCase(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => (FIAT_CURRENCIES as readonly string[]).includes(c), {
        message: 'must be one of the supported fiat currencies',
      })
      .default('USD'),
  })
  .superRefine((q, ctx) => {
    const coins = COINS[q.provider];
    if (!coins.includes(q.coin))
      ctx.addIssue({ code: 'custom', path: ['coin'], message: `must be one of ${coins.join(', ')}` });
    // Only the first provider's URL carries (and signs) the address.
    if (q.provider === 'primary' && !q.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'is required' });
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
    reply.header('cache-control', 'no-store');
    if (q.provider === 'secondary') {
      return {
        provider: 'secondary',
        coin: q.coin,
        currency: q.currency,
        url: new URL(config.buyWidget2.url).toString(),
      };
    }
    // The code names the web app's (translated) message; the text is for logs and API clients.
    if (!config.buyWidget.hmacSecret)
      throw new HttpError(503, 'buy widget is not configured on this server', { code: 'buy_not_configured' });
    return {
      provider: 'primary',
      coin: q.coin,
      currency: q.currency,
      url: buildWidgetUrl(config.buyWidget, q.address ?? '', q.coin, q.currency),
    };
  });

  // Dev fixtures: registered in the local profile only, so elsewhere these paths are plain 404s.
  if (config.buyStandIn) {
    api.get<{ Params: { file: string } }>('/buy/stand-in/:file', async (req, reply) => {
      const file = Object.hasOwn(STAND_IN_FILES, req.params.file)
        ? STAND_IN_FILES[req.params.file]
        : undefined;
      if (!file) throw new HttpError(404, 'no such stand-in file');
      // Their own policy instead of the app's: the app's forbids framing (frame-ancestors 'none', X-Frame-Options).
      reply.header('content-security-policy', STAND_IN_CSP);
      reply.removeHeader('x-frame-options');
      reply.header('cache-control', 'no-store');
      return reply.type(file.type).send(file.body);
    });
  }
}
