// check-size measures the JavaScript a first visit loads: the entry chunk of
// dist/app/index.html plus every chunk it modulepreloads (its static imports),
// gzipped. It fails the build above the budget. Lazily loaded route chunks are
// listed for information only.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** BUDGET is the gzip limit of the initial JavaScript, in bytes. */
export const BUDGET = 250 * 1024;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'app');

/** initialScripts lists the script and modulepreload paths of an index.html. */
export function initialScripts(html) {
  const paths = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) paths.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) paths.add(m[1]);
  return [...paths];
}

function gz(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const initial = initialScripts(html);
  if (initial.length === 0) {
    console.error('check-size: no module script found in dist/app/index.html');
    process.exit(1);
  }
  let total = 0;
  console.log('Initial JavaScript (gzip):');
  for (const p of initial) {
    const size = gz(join(root, p.replace(/^\//, '')));
    total += size;
    console.log(`  ${p.padEnd(48)} ${kb(size)}`);
  }
  const initialNames = new Set(initial.map((p) => p.split('/').pop()));
  const lazy = readdirSync(join(root, 'assets'))
    .filter((f) => f.endsWith('.js') && !initialNames.has(f))
    .map((f) => ({ f, size: gz(join(root, 'assets', f)) }))
    .sort((a, b) => b.size - a.size);
  console.log('Lazy chunks (gzip), largest first:');
  for (const { f, size } of lazy.slice(0, 10)) console.log(`  /assets/${f.padEnd(41)} ${kb(size)}`);
  console.log(`Initial JavaScript total: ${kb(total)} of ${kb(BUDGET)} budget`);
  if (total > BUDGET) {
    console.error(`check-size: initial JavaScript ${kb(total)} is over the ${kb(BUDGET)} budget`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
