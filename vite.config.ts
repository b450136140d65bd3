import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

/** Test files that start, kill and restart the server as a process (docs/decisions/063-test-speed.md). */
const PROCESS_TESTS = 'test/{faults,cluster,backup,lifecycle}/**/*.test.ts';

/**
 * The built page loads its JavaScript after the first paint: the entry module and its preloads move from the
 * head into the data attributes of public/start-app.js (docs/architecture.md#server-rendering).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html: no entry module found');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let page = html.replace(entry[0], '');
        for (const preload of preloads) page = page.replace(preload[0], '');
        const hrefs = preloads.map((preload) => preload[1]).join(' ');
        return page.replace(
          '</body>',
          `  <script src="/start-app.js" data-entry="${entry[1]}" data-preload="${hrefs}" defer></script>\n  </body>`,
        );
      },
    },
  };
}

const root = import.meta.dirname;

/**
 * The components' tests import each lucide icon from its own module (`lucide-react/icons/<file>`) instead of the
 * package, whose Node entry defines all ~1,700 icons (1.3 MB, 0.2 s): every test file evaluates its imports
 * again in a fresh VM context (project 'web'). The build needs none of this, it keeps only the icons used.
 */
function lucideIconsOneByOne(): Plugin {
  let files: Map<string, string> | undefined;
  /** Icon name (and alias) → its module's file name, read from the package's own ESM index. */
  const iconFiles = () => {
    if (files) return files;
    const index = readFileSync(
      path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'),
      'utf8',
    );
    files = new Map();
    for (const [, names, file] of index.matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
    }
    return files;
  };
  return {
    name: 'lucide-icons-one-by-one',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes("'lucide-react'")) return null;
      const replaced = code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (whole, list: string) => {
        const specifiers = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const lines: string[] = [];
        const types: string[] = [];
        for (const specifier of specifiers) {
          if (specifier.startsWith('type ')) {
            types.push(specifier.slice(5));
            continue;
          }
          const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?];
          const file = iconFiles().get(name);
          if (!file) return whole; // not an icon: leave the import as it was
          lines.push(`import ${local} from 'lucide-react/icons/${file}';`);
        }
        if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from 'lucide-react';`);
        // as many lines as before, so that a failing test's line numbers stay those of the source
        return lines.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
      });
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), startAfterFirstPaint()],
  resolve: {
    alias: {
      '@shared': path.join(root, 'src/shared'),
      '@web': path.join(root, 'src/web'),
      '@server': path.join(root, 'src/server'),
    },
  },
  // the server renderer (`vite build --ssr`, dist/ssr) needs neither the public files nor a manifest
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // React, the router and the query client in a chunk of their own: every page loads it, it changes only
    // with an upgrade, and the size budget tells each page's own code from it (scripts/bundle-budget.mjs)
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                },
                // the form primitives every form takes together (docs/decisions/053-form-primitives.md), in one
                // chunk instead of three small ones that each cost their own gzip overhead
                {
                  name: 'form-controls',
                  test: /[\\/]src[\\/]web[\\/]components[\\/]ui[\\/](field|input|error-text)\.tsx$/,
                },
              ],
            },
          },
        },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // Two projects on every core (docs/decisions/063-test-speed.md). The server's tests share their workers'
  // module graph (`isolate: false`): each file still opens its own database and app, but the app's ~1,000
  // modules are imported once per worker instead of once per file. The components keep a fresh module graph
  // per file, since they mock modules (`vi.mock`) and render into a jsdom of their own.
  test: {
    globalSetup: ['test/global-setup.ts'],
    // ceilings for a hang, not speed checks: a file beside two busy loops on two cores takes 3–4× its quiet time
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // The tests that start the server as a process, restart it and wait out its grace periods: a minute
        // or more a file. First by name, so the two workers do not end on one of them alone.
        extends: true,
        test: {
          name: 'processes',
          include: [PROCESS_TESTS],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts', 'src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          exclude: [PROCESS_TESTS],
          environment: 'node',
          isolate: false,
          setupFiles: ['test/server-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [lucideIconsOneByOne()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'test/**/*.test.tsx'],
          environment: 'node',
          // a fresh module graph per file in a VM context of the worker: jsdom is loaded once per worker
          pool: 'vmForks',
          setupFiles: ['test/web-setup.ts'],
        },
      },
    ],
  },
}));
