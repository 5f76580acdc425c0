/**
 * The built web app as files (apps/web/dist, what the e2e server serves): Vite's manifest says which
 * chunks each entry imports, and dist/.vite/chunk-modules.json (written by apps/web/vite.config.ts)
 * which source modules each chunk holds. Sizes are of the files' bytes gzipped by node:zlib at its default
 * level: the same build always gives the same figure, unlike a load time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './env.ts';

export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Chunks loaded with this one, before it runs (static imports). */
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(WEB_DIST, file), 'utf8')) as T;

export const readManifest = () => readJson<Manifest>('.vite/manifest.json');
export const readChunkModules = () => readJson<Record<string, string[]>>('.vite/chunk-modules.json');

/** The chunk that a lazily loaded screen's source file starts (app/screens.ts). */
export const SCREEN = {
  login: 'src/features/auth/LoginPage.tsx',
  shell: 'src/features/shell/AppShell.tsx',
  projectLayout: 'src/features/projects/ProjectLayout.tsx',
  projectSlides: 'src/features/projects/ProjectSlidesPage.tsx',
  settings: 'src/features/settings/SettingsPage.tsx',
} as const;

/**
 * The JavaScript files a page needs before it shows: the app's entry and the given screens' chunks
 * with everything they import statically (Vite preloads those with the chunk), each once.
 */
export function initialJsFiles(manifest: Manifest, screens: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the web build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  for (const key of [...entries, ...screens]) visit(key);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export const gzippedBytes = (files: readonly string[]): number =>
  files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(WEB_DIST, file))).length, 0);

/** The web features (`src/features/<name>/`) whose modules the given chunk files hold. */
export function featuresIn(chunkModules: Record<string, string[]>, files: readonly string[]): string[] {
  const features = new Set<string>();
  for (const file of files)
    for (const id of chunkModules[file] ?? []) {
      const feature = /^src\/features\/([^/]+)\//.exec(id)?.[1];
      if (feature) features.add(feature);
    }
  return [...features].sort();
}
