/** The axe helper every accessibility suite relies on: it must report what is wrong, on the page or within a part. */
import { afterAll, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { axeViolations } from './axe-helpers';

const browser = await launchBrowser();
afterAll(() => browser.close());

const PAGE = `<html lang="en"><head><title>probe</title></head><body><main>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
  <p style="color:#aaa;background:#fff">low contrast</p>
  <div id="form"><input type="text"></div>
</main></body></html>`;

it('names each WCAG violation of the page, and only those within a part when asked', async () => {
  const page = await browser.newPage();
  await page.setContent(PAGE);
  const rule = (found: string[]) => found.map((f) => f.split(' ')[0]).sort();
  expect(rule(await axeViolations(page, 'probe'))).toEqual([
    'button-name',
    'color-contrast',
    'image-alt',
    'label',
  ]);
  expect(rule(await axeViolations(page, 'probe form', '#form'))).toEqual(['label']);
  await page.setContent(
    '<html lang="en"><head><title>fine</title></head><body><main><p>fine</p></main></body></html>',
  );
  expect(await axeViolations(page, 'fine')).toEqual([]);
});
