/**
 * The page bench/history-render.mjs opens in Chromium: the app's own virtualized history list
 * (packages/web-kit/src/accounts/history/HistoryList.tsx, VirtualItems) with 5,000 loaded items, in Mantine with its
 * styles, and English texts. window.bench() measures renders (new items; the same items again, as a refetch
 * brings them) and window.scrollBench() a fast scroll down the list, window.scrollBaseline() the same scroll over an
 * empty scroller of the list's size.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import history from '../../packages/web-kit/src/i18n/locales/en/history.json';
import { VirtualItems, type HistoryItemView } from '../../packages/web-kit/src/accounts/history/HistoryList';

interface Scrolled {
  frames: number[];
  scrollHeight: number;
  mounted: number;
}

declare global {
  interface Window {
    bench: (n: number, renders: number) => Promise<{ times: number[]; refetch: number[]; inPage: number }>;
    scrollBench: (step: number, maxFrames: number) => Promise<Scrolled>;
    scrollBaseline: (step: number, maxFrames: number) => Promise<Scrolled>;
  }
}

const query = {
  isError: false,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: async () => undefined,
};

function makeItems(n: number, salt: number): HistoryItemView[] {
  const out: HistoryItemView[] = [];
  for (let i = 0; i < n; i++) {
    const hash = `${salt.toString(16)}${i.toString(16).padStart(8, '0')}`.padEnd(64, 'a');
    out.push({
      key: hash,
      hash,
      direction: i % 3 === 0 ? 'in' : 'out',
      pending: i < 2,
      time: 1_700_000_000_000 - i * 60_000,
      amount: `${(i % 97) + 1}.${String(i % 1000).padStart(3, '0')} ETH`,
      link: `https://etherscan.io/tx/${hash}`,
    });
  }
  return out;
}

window.bench = async (n, renders) => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: { history, errors: {} } } } });
  const host = document.getElementById('root')!;
  const root = createRoot(host);
  const show = (items: HistoryItemView[]) =>
    flushSync(() =>
      root.render(
        <MantineProvider>
          <div style={{ width: 600 }}>
            <VirtualItems query={query} items={items} />
          </div>
        </MantineProvider>,
      ),
    );
  const times: number[] = [];
  let items: HistoryItemView[] = [];
  for (let r = 0; r < renders; r++) {
    items = makeItems(n, r + 1); // fresh items each time: a full re-render, as after a refetch
    const t0 = performance.now();
    show(items);
    // include layout of what was rendered
    void host.getBoundingClientRect().height;
    times.push(performance.now() - t0);
    await new Promise((res) => requestAnimationFrame(() => res(null)));
  }
  // A refetch that brings the same history: equal items in new objects (as each fetch maps them anew).
  const refetch: number[] = [];
  for (let r = 0; r < renders; r++) {
    items = items.map((x) => ({ ...x }));
    const t0 = performance.now();
    show(items);
    void host.getBoundingClientRect().height;
    refetch.push(performance.now() - t0);
    await new Promise((res) => requestAnimationFrame(() => res(null)));
  }
  const inPage = document.querySelectorAll('[data-testid="history-item"]').length;
  return { times, refetch, inPage };
};

/** Scrolls `el` down `step` px a frame (up to `maxFrames`) and records the frame times and rows put into the page. */
async function scrollFrames(el: HTMLElement, step: number, maxFrames: number) {
  let mounted = 0;
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes)
        if (node instanceof HTMLElement && node.querySelector('[data-testid="history-item"]')) mounted++;
  });
  observer.observe(el, { childList: true, subtree: true });
  const frames: number[] = [];
  let last = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      frames.push(now - last);
      last = now;
      if (frames.length > maxFrames || el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return done();
      el.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return { frames: frames.slice(1), scrollHeight: el.scrollHeight, mounted };
}

window.scrollBench = (step, maxFrames) =>
  scrollFrames(document.querySelector<HTMLElement>('[data-testid="history-list"]')!, step, maxFrames);

/**
 * The baseline: the same scroll over an empty scroller of the list's size, in place of the list (what this
 * machine's browser drops with nothing to render).
 */
window.scrollBaseline = (step, maxFrames) => {
  const list = document.querySelector<HTMLElement>('[data-testid="history-list"]')!;
  const empty = document.createElement('div');
  empty.style.cssText = `width:${list.clientWidth}px;height:${list.clientHeight}px;overflow:auto`;
  const inner = document.createElement('div');
  inner.style.height = `${list.scrollHeight}px`;
  empty.append(inner);
  document.getElementById('root')!.style.display = 'none';
  document.body.append(empty);
  return scrollFrames(empty, step, maxFrames);
};
