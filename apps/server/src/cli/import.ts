/**
 * `tessera import <DIR> --project <NAME>`: registers every slide of a folder into a project (slide folder
 * registration, `modules/slides/folder-import.service.ts`). Progress goes to stderr (a bar on a terminal,
 * plain lines otherwise), `imported <fileName> <slideId>` lines to stdout, then a summary of imported,
 * skipped and failed files.
 * The CLI runs with the server's own rights, so unlike the API it accepts any folder.
 */
import path from 'node:path';
import { projectNameKey } from '@tessera/domain';
import type { ImportSummary } from '@tessera/contract';
import type { AppContext } from '../context.ts';
import { importFolder, type FolderImportProgress } from '../modules/slides/folder-import.service.ts';
import { findProjectIdByNameKey } from '../modules/slides/slides.queries.ts';

export const IMPORT_USAGE = 'Usage: tessera import <DIR> --project <NAME>';

export interface ImportArgs {
  dir: string;
  project: string;
}

/** Parses the command's arguments; returns an error message instead of throwing. */
export function parseImportArgs(argv: string[]): ImportArgs | string {
  let dir: string | undefined;
  let project: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--project') {
      project = argv[++i];
      if (!project) return IMPORT_USAGE;
    } else if (arg.startsWith('--project=')) project = arg.slice('--project='.length);
    else if (arg.startsWith('--')) return `Unknown option '${arg}'`;
    else if (dir === undefined) dir = arg;
    else return IMPORT_USAGE;
  }
  if (!dir || !project) return IMPORT_USAGE;
  return { dir: path.resolve(dir), project };
}

export interface ImportOutput {
  out: (line: string) => void;
  /** Progress; `isTty` chooses the redrawn bar over plain lines. */
  err: { write(text: string): void; isTTY?: boolean };
}

const BAR_WIDTH = 30;

/** One progress line: `[#####-----] 3/10 name.svs (imported)`. */
export function progressLine(p: FolderImportProgress): string {
  const filled = p.total === 0 ? BAR_WIDTH : Math.round((p.done / p.total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${p.done}/${p.total} ${p.fileName} (${p.outcome})`;
}

export function summaryLines(summary: ImportSummary): string[] {
  const lines = [
    `${summary.imported.length} imported, ${summary.skipped.length} skipped, ${summary.failed.length} failed`,
  ];
  for (const s of summary.skipped) lines.push(`skipped ${s.fileName}: ${s.reason}`);
  for (const f of summary.failed) lines.push(`failed ${f.fileName}: ${f.reason}`);
  return lines;
}

/** Runs the import; answers the exit code: 0 when nothing failed, 1 when some file failed, 2 for bad arguments. */
export async function runImport(ctx: AppContext, args: ImportArgs, io: ImportOutput): Promise<number> {
  const projectId = await findProjectIdByNameKey(ctx.db, projectNameKey(args.project));
  if (!projectId) {
    io.err.write(`Project could not be found: ${args.project}\n`);
    return 2;
  }
  const onProgress = (p: FolderImportProgress) => {
    if (io.err.isTTY) io.err.write(`\r\x1b[2K${progressLine(p)}${p.done === p.total ? '\n' : ''}`);
    else io.err.write(`${progressLine(p)}\n`);
    if (p.outcome === 'imported' && p.slideId) io.out(`imported ${p.fileName} ${p.slideId}`);
  };
  let summary: ImportSummary;
  try {
    summary = await importFolder(ctx, projectId, args.dir, null, onProgress);
  } catch (error) {
    io.err.write(`${error instanceof Error ? error.message : String(error)}: ${args.dir}\n`);
    return 2;
  }
  for (const line of summaryLines(summary)) io.out(line);
  return summary.failed.length > 0 ? 1 : 0;
}
