/**
 * The door app's build (docs/checkin-app.md): checkin.html and src/checkin/ as a build of their
 * own, after the attendee app's (`npm run build` runs both into dist/). Its own build, not a second
 * entry of vite.config.ts: two entries share chunks (Vite's preload helper, React DOM's exports),
 * which changed the attendee pages' files; this way their first load is byte for byte what it was.
 *   npx vite build --config vite.checkin.config.ts   (after `vite build`, which empties dist/)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { NO_PARSER, precompileMessages, precompress } from './vite.config.ts';

/**
 * The door app's service worker (docs/checkin-app.md): checkin-sw.template.js with the list of
 * every file the door app can load (its entry and all it imports, at once or later: camera,
 * decoder, the decoder's .wasm), its page, manifest and icons, and a version from their names, as
 * /checkin-sw.js. Hand-written rather than vite-plugin-pwa: that plugin's manifest link and
 * registration go into every HTML entry of the build and its precache globs the whole portal,
 * while this worker must serve /checkin and nothing else.
 */
function checkinServiceWorker(): Plugin {
  return {
    name: 'portal-checkin-sw',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = Object.values(bundle);
        const entry = outputs.find((output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/checkin.html'));
        if (!entry || entry.type !== 'chunk') throw new Error('checkin-sw: the build has no checkin.html entry');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (!output || files.has(fileName)) return;
          files.add(fileName);
          if (output.type !== 'chunk') return;
          for (const css of output.viteMetadata?.importedCss ?? []) files.add(css);
          for (const asset of output.viteMetadata?.importedAssets ?? []) files.add(asset);
          for (const imported of [...output.imports, ...output.dynamicImports]) visit(imported);
        };
        visit(entry.fileName);
        // The decoder's .wasm is referenced by URL (`?url`), which the metadata may not list.
        for (const output of outputs) if (output.type === 'asset' && output.fileName.endsWith('.wasm')) files.add(output.fileName);
        const urls = ['/checkin', '/checkin.webmanifest', '/checkin-icon-192.png', '/checkin-icon-512.png', '/favicon-32.png', ...[...files].sort().map((file) => `/${file}`)];
        const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 16);
        const template = readFileSync(join(import.meta.dirname, 'checkin-sw.template.js'), 'utf8');
        const source = template.replace('self.__CHECKIN_PRECACHE__', JSON.stringify(urls)).replace('self.__CHECKIN_VERSION__', JSON.stringify(version));
        this.emitFile({ type: 'asset', fileName: 'checkin-sw.js', source });
      },
    },
  };
}


export default defineConfig({
  root: import.meta.dirname,
  // public/ is copied by the attendee app's build (the manifest and icons are there).
  publicDir: false,
  // The door's catalog part is compiled to syntax trees too, so react-intl's parser is not shipped.
  plugins: [react(), precompileMessages(), checkinServiceWorker(), precompress(/\/(checkin[^/]*|assets\/(checkin|door)-[^/]*)$/)],
  resolve: { alias: [NO_PARSER] },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    // No data: URLs for scripts or styles; the CSP allows them only from 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { checkin: join(import.meta.dirname, 'checkin.html') },
      output: {
        // Every file of the door app is named door-… or after its module; none clashes with the attendee app's.
        entryFileNames: 'assets/checkin-[hash].js',
        chunkFileNames: (chunk) => `assets/door-${chunk.name.replace(/[^\w.-]/g, '_')}-[hash].js`,
        assetFileNames: 'assets/door-[name]-[hash][extname]',
      },
    },
  },
});
