/**
 * The import graph of the repository's TypeScript, and its cycles (issue #11: "no import cycles —
 * checked, not hoped"). Every import counts, type-only ones too: a cycle of types still ties two
 * modules into one unit a reader must take in at once. Workspace packages (`@tessera/x`) resolve to
 * their entry, so a cycle through a package is found as well; other packages are leaves.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file an import names, or null for a package outside the repository (or a missing file). */
export function resolveImport(
  root: string,
  fromFile: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  const workspace = /^@tessera\/(domain|contract|wsi)$/.exec(specifier);
  if (workspace) return path.join(root, 'packages', workspace[1]!, 'src/index.ts');
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) if (exists(base + ext)) return base + ext;
  return null;
}

/** file → the repository files it imports. */
export function importGraph(
  root: string,
  files: readonly string[],
  read: (file: string) => string,
  exists: (file: string) => boolean,
): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    graph.set(
      file,
      importedFiles.flatMap(({ fileName }) => resolveImport(root, file, fileName, exists) ?? []),
    );
  }
  return graph;
}

/** The strongly connected parts of more than one file, or a file importing itself (Tarjan). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The TypeScript files below these folders of the repository, without node_modules and builds. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return out;
}
