import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentApi, fetchLatestFirmware } from './api';

const answer = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body))),
  );
afterEach(() => vi.unstubAllGlobals());

describe('server content and firmware answers are checked, not trusted', () => {
  it('keeps well-formed items and leaves out malformed ones', async () => {
    answer({
      news: [
        { id: 1, title: 'Hello', displayDate: '11/22/2026', content: 'Read <b>me</b>' },
        { id: 2, title: 'Out', displayDate: '11/21/2026', content: 'x', link: 'https://example.com/n' },
        { id: 3, title: 'Bad link', displayDate: '11/20/2026', link: 'javascript:alert(1)' },
        { id: 'x', title: 3 },
        null,
      ],
    });
    // The content is kept (the client dropped it); a link only where the item has a safe one.
    await expect(contentApi.news('en')).resolves.toEqual([
      { id: 1, title: 'Hello', displayDate: '11/22/2026', content: 'Read <b>me</b>' },
      { id: 2, title: 'Out', displayDate: '11/21/2026', content: 'x', link: 'https://example.com/n' },
      { id: 3, title: 'Bad link', displayDate: '11/20/2026', content: '' },
    ]);
    answer({
      logs: [
        { version: '2.30', displayDate: '01/02/2026', features: ['a', 'b'] },
        { version: '2.29', features: 'x' },
      ],
    });
    await expect(contentApi.mcuLog('en')).resolves.toEqual([
      { version: '2.30', displayDate: '01/02/2026', features: ['a', 'b'] },
    ]);
  });

  it('a malformed answer is an error, not an empty screen or a crash', async () => {
    answer({ faq: 'nope' });
    await expect(contentApi.faq('en')).rejects.toThrow(/malformed/);
    answer(['not an object']);
    await expect(contentApi.news('en')).rejects.toThrow(/malformed/);
    answer({ enableBanner: true });
    await expect(contentApi.banner('en')).resolves.toEqual({
      enableBanner: true,
      webUri: '',
      image: { web: '', android: '' },
      alt: '',
    });
  });

  it('a firmware answer without a version is refused', async () => {
    answer({ forceUpdate: true });
    await expect(fetchLatestFirmware('2.30', null, 'en')).rejects.toThrow(/latestFirmwareVersion/);
    answer({ latestFirmwareVersion: '2.31', forceUpdate: 'yes', features: ['x', 1], latestSeVersion: 197 });
    await expect(fetchLatestFirmware('2.30', null, 'en')).resolves.toEqual({
      latestFirmwareVersion: '2.31',
      forceUpdate: false,
      features: [],
      latestSeVersion: null,
    });
  });
});
