import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every compressible asset of a build, at the highest levels, once.
 * The server sends them to browsers that accept them (`preCompressed` in the static plugin), so
 * a first visit downloads the compressed sizes the bundle budget is measured in.
 */
export function precompress(): Plugin {
  return {
    name: 'taleforge:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            if (source.length < MIN_BYTES) return;
            const path = join(dir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipAsync(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
