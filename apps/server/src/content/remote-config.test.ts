import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAndMigrate, type DbHandle } from '../db/index.js';
import {
  checkRemoteConfigValue,
  LINK_KEYS,
  readRemoteConfig,
  REMOTE_CONFIG_DEFAULTS,
  setRemoteConfig,
} from './remote-config.js';

describe('remote config: the external links (issue 18 item 4)', () => {
  let dbh: DbHandle;
  beforeAll(async () => {
    dbh = await openAndMigrate({ kind: 'sqlite', file: ':memory:' });
  });
  afterAll(() => dbh.close());

  it("serves every link key; the vendor's public addresses are the defaults, nothing is guessed", async () => {
    const cfg = await readRemoteConfig(dbh);
    const links = cfg.links as Record<string, string>;
    expect(Object.keys(links).sort()).toEqual([...LINK_KEYS].sort());
    expect(links.website).toBe('https://secuxtech.com/');
    expect(links.terms).toBe('https://secuxtech.com/secuxess-and-secux-mobile-app-terms-of-use/');
    // issue 31 item 3: the SecuX Mobile app's store pages (App Store id 1477437607, Google Play com.secuxapp).
    expect(links.iosAppStore).toBe('https://apps.apple.com/app/id1477437607');
    expect(links.mobileApp).toBe('https://play.google.com/store/apps/details?id=com.secuxapp');
    // No public address found (the closing note's gaps): empty, so the web app falls back or leaves the link out.
    for (const k of [
      'privacy',
      'help',
      'guideAddAccount',
      'guideSendReceive',
      'guideDevice',
      'cardanoPortal',
      'dappConnect',
      'supportEmail',
    ])
      expect(links[k]).toBe('');
    // The retired BNB Beacon Chain's recovery page is BNB Chain's own (BEP-299), from its docs.
    expect(links.bnbTokenRecovery).toBe('https://github.com/bnb-chain/token-recover-self-service-tools');
  });

  it('a configured link overrides its default; the others keep theirs', async () => {
    await setRemoteConfig(dbh, 'links', {
      iosAppStore: 'https://apps.apple.com/app/id123',
      guideDevice: 'https://example.com/guide',
    });
    const links = (await readRemoteConfig(dbh)).links as Record<string, string>;
    expect(links.iosAppStore).toBe('https://apps.apple.com/app/id123');
    expect(links.guideDevice).toBe('https://example.com/guide');
    expect(links.website).toBe(REMOTE_CONFIG_DEFAULTS.links.website);
    expect(links.mobileApp).toBe(REMOTE_CONFIG_DEFAULTS.links.mobileApp);
  });

  it('a default can be unset with an empty string', async () => {
    await setRemoteConfig(dbh, 'links', { iosAppStore: '' });
    expect(((await readRemoteConfig(dbh)).links as Record<string, string>).iosAppStore).toBe('');
  });

  it('refuses unknown keys, non-https URLs and a support address that is not an e-mail', () => {
    expect(checkRemoteConfigValue('links', { guide: 'https://x.example/' })).toMatch(/unknown key 'guide'/);
    expect(checkRemoteConfigValue('links', { help: 'http://x.example/' })).toMatch(/https URL/);
    expect(checkRemoteConfigValue('links', { help: 'javascript:alert(1)' })).toMatch(/https URL/);
    expect(checkRemoteConfigValue('links', { supportEmail: 'https://x.example/' })).toMatch(/e-mail/);
    expect(checkRemoteConfigValue('links', ['https://x.example/'])).toMatch(/object/);
    expect(checkRemoteConfigValue('links', { supportEmail: 'help@example.com', help: '' })).toBeUndefined();
  });
});
