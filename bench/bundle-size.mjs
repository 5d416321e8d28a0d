#!/usr/bin/env node
// Builds the production web bundle and reports the gzip size of the JavaScript (and CSS)
// that the landing page loads at start, and of the whole app.
// Usage: node bench/bundle-size.mjs [--no-build]
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const TARGET_LANDING_KB = 200;

if (!process.argv.includes('--no-build')) {
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, WALLET_EMULATOR: '0' } });
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
console.log(`target: landing JS <= ${TARGET_LANDING_KB} KB gzip -> ${landingJs / 1024 <= TARGET_LANDING_KB ? 'met' : 'MISSED'}`);
