// Builds the booking widget's loader (src/widget/widget-loader.ts) into dist/web/widget.js: one classic script,
// minified, at a stable address for host pages (docs/product/widget.md#loader). Run after `vite build`, which
// empties dist/web; scripts/precompress.mjs then writes its compressed copies beside it.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/widget/widget-loader.ts'],
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  outfile: 'dist/web/widget.js',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('widget built: dist/web/widget.js');
