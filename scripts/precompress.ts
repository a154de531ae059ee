/**
 * Writes .br and .gz beside every hashed asset of the client build, so the server sends them as they are instead
 * of compressing the same bytes on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let saved = 0;
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(name)) {
      const raw = readFileSync(file);
      if (raw.length < MIN_BYTES) continue;
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      const gz = gzipSync(raw, { level: 9 });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      files++;
      saved += raw.length - br.length;
    }
  }
}
walk(root);
console.log(
  `precompressed ${files} files in ${path.relative(process.cwd(), root)} (brotli saves ${(saved / 1024).toFixed(0)} KB)`,
);
