// Runs after `vite build`: writes a .gz and a .br copy next to every compressible file of dist over 1 KB. The
// server sends them as they are to browsers that accept them (@fastify/static preCompressed), so no request
// pays for compression and the copies use the slowest, smallest settings.
/* eslint-disable no-restricted-imports -- a build step that runs in Node, never in the browser */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
/* eslint-enable no-restricted-imports */

const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.ico',
  '.wasm',
]);

// the build's output, or the folder named on the command line (a build made elsewhere with --outDir)
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

let written = 0;
let rawTotal = 0;
let gzipTotal = 0;
let brotliTotal = 0;
for (const file of listFiles(dist)) {
  if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size <= MIN_BYTES) continue;
  const raw = readFileSync(file);
  const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  const brotli = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  writeFileSync(`${file}.gz`, gzip);
  writeFileSync(`${file}.br`, brotli);
  written += 1;
  rawTotal += raw.length;
  gzipTotal += gzip.length;
  brotliTotal += brotli.length;
  if (process.argv.includes('--verbose')) {
    console.log(`${relative(dist, file)}  ${raw.length} -> gz ${gzip.length}, br ${brotli.length}`);
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress-dist: ${written} files, ${kb(rawTotal)} -> gzip ${kb(gzipTotal)}, brotli ${kb(brotliTotal)}`,
);
