/** The 37 display currencies of spec 01 §3, in the app's order. */
export const FIAT_CURRENCIES = [
  'USD',
  'EUR',
  'TWD',
  'CNY',
  'JPY',
  'HKD',
  'AUD',
  'CHF',
  'CAD',
  'GBP',
  'KRW',
  'INR',
  'BRL',
  'RUB',
  'MXN',
  'PHP',
  'VND',
  'TRY',
  'THB',
  'ZAR',
  'ARS',
  'UAH',
  'PLN',
  'SAR',
  'MYR',
  'CLP',
  'CZK',
  'SEK',
  'HUF',
  'AED',
  'ILS',
  'DKK',
  'SGD',
  'NOK',
  'NZD',
  'KWD',
  'IDR',
] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

/** CoinGecko asset-platform ids accepted by /api/prices/tokens. */
export const TOKEN_PLATFORMS = [
  'ethereum',
  'binance-smart-chain',
  'tron',
  'solana',
  'xdc-network',
  'polygon-pos',
  'avalanche',
  'arbitrum-one',
  'optimistic-ethereum',
  'base',
  'fantom',
  'cronos',
  'stellar',
  'ripple',
] as const;

/**
 * Local profile: fixed USD prices as decimal text (deterministic for tests and offline development).
 * Other currencies are derived with LOCAL_FIAT_RATES (decimal arithmetic, core's multiplyPrice).
 */
export const LOCAL_COIN_PRICES_USD: Record<string, string> = {
  bitcoin: '65000',
  ethereum: '3500',
  litecoin: '85',
  dogecoin: '0.15',
  dash: '30',
  groestlcoin: '0.35',
  digibyte: '0.01',
  'bitcoin-cash': '450',
  ripple: '0.6',
  stellar: '0.11',
  tron: '0.12',
  'fio-protocol': '0.03',
  binancecoin: '580',
  solana: '150',
  cardano: '0.45',
  'xdce-crowd-sale': '0.04',
  'matic-network': '0.7',
  'avalanche-2': '35',
  tether: '1',
  'usd-coin': '1',
};

/**
 * Local profile: a fixed 24 h change in percent per coin id (deterministic, like the prices above; the same in
 * every currency). A coin left out has no change: the portfolio shows it as missing.
 */
export const LOCAL_COIN_CHANGE_24H_PCT: Record<string, string> = {
  bitcoin: '2.5',
  ethereum: '-1.2',
  litecoin: '0.8',
  dogecoin: '-3.4',
  dash: '1.1',
  groestlcoin: '-0.5',
  digibyte: '4.2',
  'bitcoin-cash': '-2',
  ripple: '1.6',
  stellar: '-0.9',
  tron: '0.4',
  'fio-protocol': '-5.25',
  binancecoin: '0.7',
  solana: '3.3',
  cardano: '-1.8',
  'xdce-crowd-sale': '2.2',
};

export const LOCAL_TOKEN_PRICES_USD: Record<string, Record<string, string>> = {
  ethereum: {
    '0xdac17f958d2ee523a2206206994597c13d831ec7': '1', // USDT
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': '1', // USDC
    '0x514910771af9ca656af840dff83e8264ecf986ca': '14', // LINK
    '0x1f9840a85d5af5b3bf1d1784f3ab9a8a9f5f09fb': '7', // UNI (sample)
    // The local network's Local USD (LUSD, localnet's fixed deployment address), priced at 1 USD.
    '0x9ad50244681e313eef77add770a9f3dbe000406b': '1',
  },
  'binance-smart-chain': {
    '0x55d398326f99059ff775485246999027b3197955': '1', // USDT (BEP-20)
  },
  tron: {
    TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: '1', // USDT (TRC-20)
    // The local network's Local Tether (LUSDT, chain-tron's simulator LOCAL_TRC20 at its fixed address), 1 USD.
    TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3: '1',
  },
  solana: {
    EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: '1', // USDC (SPL)
  },
};

/**
 * Local profile: a fixed 24 h change in percent per token (platform, then contract as in the price table above); a
 * token left out has no change (the portfolio's total change is then not known).
 */
export const LOCAL_TOKEN_CHANGE_24H_PCT: Record<string, Record<string, string>> = {
  ethereum: {
    '0xdac17f958d2ee523a2206206994597c13d831ec7': '0.01',
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': '-0.02',
    '0x514910771af9ca656af840dff83e8264ecf986ca': '-4.1',
    '0x9ad50244681e313eef77add770a9f3dbe000406b': '0.05',
  },
  tron: {
    TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: '0.01',
    TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3: '-0.1',
  },
};

/** Local profile: fixed USD -> currency rates (decimal text). */
export const LOCAL_FIAT_RATES: Record<FiatCurrency, string> = {
  USD: '1',
  EUR: '0.92',
  TWD: '32.1',
  CNY: '7.2',
  JPY: '150',
  HKD: '7.8',
  AUD: '1.52',
  CHF: '0.88',
  CAD: '1.36',
  GBP: '0.79',
  KRW: '1350',
  INR: '83.2',
  BRL: '5.1',
  RUB: '92',
  MXN: '17.1',
  PHP: '56.5',
  VND: '25000',
  TRY: '32.5',
  THB: '36',
  ZAR: '18.6',
  ARS: '870',
  UAH: '39',
  PLN: '4',
  SAR: '3.75',
  MYR: '4.7',
  CLP: '940',
  CZK: '23.3',
  SEK: '10.5',
  HUF: '360',
  AED: '3.67',
  ILS: '3.7',
  DKK: '6.9',
  SGD: '1.35',
  NOK: '10.7',
  NZD: '1.66',
  KWD: '0.31',
  IDR: '15800',
};

/** Local profile token logos, served by the web app itself (apps/web/public/tokens). */
export const LOCAL_TOKEN_IMAGES: Record<string, Record<string, string>> = {
  ethereum: {
    '0x9ad50244681e313eef77add770a9f3dbe000406b': '/tokens/lusd.svg', // Local USD
    '0xdac17f958d2ee523a2206206994597c13d831ec7': '/tokens/usdt.svg',
  },
};
