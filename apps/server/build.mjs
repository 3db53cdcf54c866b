// Bundles the server (and the workspace packages it imports as TypeScript) into dist/, leaving
// node_modules packages external. Migrations, content and the web build are read from the repo.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entryPoints = {
  server: 'src/server.ts',
  // The webhook sender's thread, started by the server from dist/ (src/modules/webhooks/threaded-sender.ts).
  'webhook-sender': 'src/modules/webhooks/sender-thread.ts',
  'cli/demo-load': 'src/cli/demo-load.ts',
  'cli/import-csv': 'src/cli/import-csv.ts',
  'cli/content-import': 'src/cli/content-import.ts',
};

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // node_modules stay external; the workspace packages (TypeScript sources) are bundled in.
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.kind === 'entry-point' || args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built to apps/server/dist');
