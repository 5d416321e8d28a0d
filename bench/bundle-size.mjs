#!/usr/bin/env node
// Builds the production web bundle and reports the gzip size of the JavaScript (and CSS)
// that the landing page loads at start, of the whole app, and of each chain family's own lazy code
// (chains/<name>/src/web/index.tsx and what only it loads).
// Usage: node bench/bundle-size.mjs [--no-build]
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const TARGET_LANDING_KB = 200;

if (!process.argv.includes('--no-build')) {
  execSync('npx vite build --manifest --logLevel error', {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, WALLET_EMULATOR: '0' },
  });
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

// What the landing page loads: the entry scripts and stylesheets of index.html and their static imports.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length) {
  const rel = queue.shift();
  if (seen.has(rel)) continue;
  seen.add(rel);
  if (!rel.endsWith('.js')) continue;
  const src = readFileSync(join(dist, rel), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; dynamic import() is lazy.
  for (const m of src.matchAll(/(?:^|[;\s])import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${m[1]}`);
  }
}

const all = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(js|css)$/.test(name)) all.push(p);
  }
};
walk(join(dist, 'assets'));

const landing = [...seen].reduce((sum, rel) => sum + gz(join(dist, rel)), 0);
const landingJs = [...seen].filter((r) => r.endsWith('.js')).reduce((sum, rel) => sum + gz(join(dist, rel)), 0);
const whole = all.reduce((sum, p) => sum + gz(p), 0);
const wholeJs = all.filter((p) => p.endsWith('.js')).reduce((sum, p) => sum + gz(p), 0);

console.log(`landing page JS:  ${kb(landingJs)} KB gzip (${seen.size} files incl. CSS: ${kb(landing)} KB)`);
console.log(`whole app JS:     ${kb(wholeJs)} KB gzip (${all.length} files incl. CSS: ${kb(whole)} KB)`);
// Each family's own code: the chunks reachable from its entry by static imports that neither the landing page
// nor another family's entry reaches (shared chain libraries are counted once, under 'shared by families').
const manifestPath = join(dist, '.vite/manifest.json');
let manifest = null;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch {
  console.log('family chunks:    no Vite manifest (build with --manifest, or run without --no-build)');
}
if (manifest) {
  const reach = (key, into = new Set()) => {
    const item = manifest[key];
    if (!item || into.has(item.file)) return into;
    into.add(item.file);
    for (const dep of item.imports ?? []) reach(dep, into);
    return into;
  };
  const families = Object.keys(manifest)
    .map((key) => [key, /chains\/([^/]+)\/src\/web\/index\.tsx?$/.exec(key)?.[1]])
    .filter(([, name]) => name);
  const reached = new Map(families.map(([key, name]) => [name, reach(key)]));
  const count = new Map();
  for (const files of reached.values()) for (const f of files) count.set(f, (count.get(f) ?? 0) + 1);
  const sizeOf = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(join(dist, f)), 0);
  if (families.length === 0) console.log('family chunks:    none found under chains/<name>/src/web/index.tsx');
  for (const [name, files] of reached) {
    const own = [...files].filter((f) => !seen.has(f) && count.get(f) === 1);
    console.log(`family ${name.padEnd(10)} ${kb(sizeOf(own)).padStart(7)} KB gzip (${own.length} chunks of its own)`);
  }
  const shared = [...count].filter(([f, n]) => n > 1 && !seen.has(f)).map(([f]) => f);
  if (families.length > 1)
    console.log(`shared by families ${kb(sizeOf(shared)).padStart(6)} KB gzip (${shared.length} chunks)`);
}
console.log(`target: landing JS <= ${TARGET_LANDING_KB} KB gzip -> ${landingJs / 1024 <= TARGET_LANDING_KB ? 'met' : 'MISSED'}`);
