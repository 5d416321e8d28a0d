#!/usr/bin/env node
// Renders the app's virtualized history list (apps/web/src/accounts/history/HistoryList.tsx) with 5,000 loaded
// items in Chromium and reports the milliseconds per render (a full re-render with fresh items, as after a
// refetch) and the frame times while scrolling 240 px a frame (a fast fling). Target (issue 20): under 100 ms
// per render and no dropped frames while scrolling.
// Usage: node bench/history-render.mjs [items=5000] [renders=20]
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const out = '/tmp/secux-history-bench';
const items = Number(process.argv[2] ?? 5000);
const renders = Number(process.argv[3] ?? 20);
const TARGET_MS = 100;

mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'bench/history-render/entry.tsx')],
  bundle: true,
  format: 'esm',
  minify: true,
  jsx: 'automatic',
  outfile: join(out, 'app.js'),
  define: { 'process.env.NODE_ENV': '"production"' },
  // the web app's own dependencies (Mantine) sit in its workspace's node_modules
  nodePaths: [join(root, 'apps/web/node_modules'), join(root, 'node_modules')],
  logLevel: 'error',
});
writeFileSync(
  join(out, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="app.css"></head>' +
    '<body><div id="root"></div><script type="module" src="app.js"></script></body></html>',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(pathToFileURL(join(out, 'index.html')).href);
  await page.waitForFunction(() => typeof window.bench === 'function');
  // The same list with 10 items first: the baseline that shows what the machine itself costs.
  const base = await page.evaluate(([n, k]) => window.bench(n, k), [10, renders]);
  await page.reload();
  await page.waitForFunction(() => typeof window.bench === 'function');
  const r = await page.evaluate(([n, k]) => window.bench(n, k), [items, renders]);
  const baseSorted = [...base.times].sort((a, b) => a - b);
  const sorted = [...r.times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const first = r.times[0];
  const worst = sorted[sorted.length - 1];
  const frames = [...r.frames].sort((a, b) => a - b);
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  const dropped = r.frames.filter((f) => f > 1000 / 60 + 8).length; // a frame longer than ~25 ms misses a 60 Hz vsync
  console.log(`history list, ${items} loaded items (virtualized): ${r.inPage} rows in the page`);
  console.log(
    `render: first ${first.toFixed(1)} ms, median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms over ${renders} renders (target < ${TARGET_MS} ms)`,
  );
  console.log(
    `scroll at 240 px a frame (list ${r.scrollHeight} px, ${r.frames.length} frames): p95 frame ${p95.toFixed(1)} ms, ${dropped} frames over 25 ms`,
  );
  console.log(
    `baseline, 10 items: median render ${baseSorted[Math.floor(baseSorted.length / 2)].toFixed(1)} ms; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
  );
  if (median > TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
}
