import { describe, expect, it } from 'vitest';
import * as core from './index';

describe('index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'parseUnits',
      'formatUnits',
      'toFiat',
      'CHAINS',
      'accountPath',
      'signingPath',
      'validateRecipient',
      'validateAmount',
      'btcFeeTiers',
      'classifyFeeAlert',
      'compareMcuVersions',
      'detectTestAccounts',
      'errorMessages',
      'mapBroadcastError',
      'mapSigningError',
      'CURRENCIES',
      'evaluateBrowser',
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });
});
