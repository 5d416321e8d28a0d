/**
 * Issue 31 item 13: what a failed server call shows is the catalogue's text in the interface language — never the
 * server's English `error` (the product API's ChainApiError carries it as its message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainApiError } from '@secux-companion/chain-common';
import { CoreError, errorMessages, SUPPORTED_LANGUAGES } from '@secux-companion/core';
import { i18next, initI18n, setLanguage } from '../i18n';
import { errorText } from './format';

const ENGLISH = 'Can not fetch transaction data from every upstream (upstream error 502)';
const failures: readonly [string, ChainApiError, string][] = [
  ['a network failure', new ChainApiError(0, 'timeout', 'network'), 'networkBusy'],
  ['an upstream 502', new ChainApiError(502, ENGLISH, 'upstream_failed'), 'networkBusy'],
  ['a malformed answer', new ChainApiError(200, 'malformed answer: balance', 'malformed'), 'networkBusy'],
  ['a chain with no provider', new ChainApiError(404, ENGLISH, 'not_configured'), 'noValidApiProvider'],
  ['a transaction the chain refused', new ChainApiError(400, 'Account has not voted', 'rejected'), 'err-08'],
  ['a busy server', new ChainApiError(429, 'Too Many Requests', 'too_many_requests'), 'serverBusy'],
  [
    'the buy widget not configured',
    new ChainApiError(503, 'Internal Server Error', 'buy_not_configured'),
    'buyNotConfigured',
  ],
];

describe('server and adapter failures in the interface language', () => {
  beforeAll(() => initI18n(['en']));
  afterAll(() => setLanguage('en'));

  for (const lng of SUPPORTED_LANGUAGES)
    it.each(failures)(`${lng}: %s`, async (_what, error, key) => {
      await setLanguage(lng);
      const text = errorText(i18next.t, error);
      expect(text).toBe(errorMessages[lng][key]);
      if (lng !== 'en') expect(text).not.toBe(errorMessages.en[key]);
      expect(text).not.toContain(error.message);
    });

  it('a client error the catalogue has no text of its own for says its HTTP status, translated', async () => {
    await setLanguage('pt');
    expect(errorText(i18next.t, new ChainApiError(409, ENGLISH, 'conflict'))).toBe(
      errorMessages.pt.httpError!.replace('{{status}}', '409'),
    );
  });

  it("the bitcoin family's missing previous transactions: the spec's message (spec 02 §8), translated", async () => {
    await setLanguage('zh-TW');
    expect(errorText(i18next.t, new CoreError('cannotFetchTransactionData'))).toBe('無法取得交易資料');
  });
});
