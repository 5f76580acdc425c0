import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes dist/.vite/chunk-modules.json: the source modules of every JavaScript chunk, named from apps/web
 * (`src/features/auth/LoginPage.tsx`, `../../node_modules/react/...`). Vite's manifest says which chunks
 * a page loads but not what is in them; the e2e tier reads both to check that a page downloads no code
 * of another screen (tests/e2e/first-load.spec.ts).
 */
function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'tessera-chunk-modules',
    apply: 'build',
    configResolved: (config) => {
      root = `${config.root}/`;
    },
    generateBundle(_, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          modules[chunk.fileName] = chunk.moduleIds.map((id) =>
            id.startsWith(root) ? id.slice(root.length) : id,
          );
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModules()],
  server: { proxy: { '/v1': 'http://127.0.0.1:3000', '/version.json': 'http://127.0.0.1:3000' } },
  // The manifest (dist/.vite/manifest.json) maps each chunk to the chunks it imports: the e2e tier sums
  // the sign-in route's initial JavaScript from it (tests/e2e/first-load.spec.ts).
  // The entry chunk holds React, MUI's core and every endpoint's contract (~600 kB before gzip); the size
  // that matters, the sign-in route's gzipped total, has its own budget in the e2e tier.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 700 },
});
