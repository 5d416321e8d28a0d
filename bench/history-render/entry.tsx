/**
 * The page bench/history-render.mjs opens in Chromium: the app's own virtualized history list
 * (apps/web/src/accounts/history/HistoryList.tsx, VirtualItems) with 5,000 loaded items, in Mantine with its
 * styles, and English texts. window.bench() measures renders (new items; the same items again, as a refetch
 * brings them) and window.scrollBench() a fast scroll down the list.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import history from '../../apps/web/src/i18n/locales/en/history.json';
import { VirtualItems, type HistoryItemView } from '../../apps/web/src/accounts/history/HistoryList';

declare global {
  interface Window {
    bench: (n: number, renders: number) => Promise<{ times: number[]; refetch: number[]; inPage: number }>;
    scrollBench: (
      step: number,
      maxFrames: number,
    ) => Promise<{ frames: number[]; scrollHeight: number; mounted: number }>;
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

window.scrollBench = async (step, maxFrames) => {
  // Scroll down one step per frame and record the frame times and the rows put into the page.
  const list = document.querySelector<HTMLElement>('[data-testid="history-list"]')!;
  let mounted = 0;
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes)
        if (node instanceof HTMLElement && node.querySelector('[data-testid="history-item"]')) mounted++;
  });
  observer.observe(list, { childList: true, subtree: true });
  const frames: number[] = [];
  let last = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      frames.push(now - last);
      last = now;
      if (frames.length > maxFrames || list.scrollTop + list.clientHeight >= list.scrollHeight - 1)
        return done();
      list.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return { frames: frames.slice(1), scrollHeight: list.scrollHeight, mounted };
};
