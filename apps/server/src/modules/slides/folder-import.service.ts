/**
 * Slide folder registration (issue #3 point 5): every slide of a server folder is registered into a
 * project (image by checksum, then the project's slide), slides already in the project by checksum are
 * skipped, and unreadable files are reported with the reader's reason; one bad file never stops the rest.
 * The CLI (`tessera import DIR --project NAME`) and the administrator API share this. Not the CSV
 * metadata import (`modules/metadata-import/`), which changes the metadata of slides already registered.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSummary } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError, badRequest } from '../../errors.ts';
import { imageChecksum } from '../imaging/checksum.ts';
import { registerImage } from '../imaging/images.service.ts';
import { describeFailure } from '../../errors.ts';
import { scanFolder, type FolderUnit } from './folder-scan.ts';
import { getOrCreateSlideForImage, slideNameParts } from './slides.service.ts';
import * as q from './slides.queries.ts';

export const FOLDER_IMPORT_MESSAGES = {
  folderMissing: 'The folder does not exist or is not a folder',
  outsideImports: 'Only folders inside the imports folder of the data directory can be imported',
  fileOutsideImports: 'The file lies outside the imports folder (a link leading out of it)',
  superUserOnly: 'Only system super users can import folders from the server',
  alreadyPresent: (slideId: string) => `Already in the project (slide ${slideId})`,
} as const;

export const FOLDER_IMPORT_ERROR_CODES = { superUserOnly: 'SYSTEM_SUPER_USER_REQUIRED' } as const;

export interface FolderImportProgress {
  /** Units handled so far, of `total`. */
  done: number;
  total: number;
  fileName: string;
  outcome: 'imported' | 'skipped' | 'failed';
  slideId?: string;
}

/** The folder the API may import from: `<data dir>/imports`. */
export const importsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'imports');

async function registerUnit(
  ctx: AppContext,
  projectId: string,
  unit: FolderUnit,
  createdBy: string | null,
): Promise<{ outcome: 'imported' | 'skipped'; slideId: string }> {
  const known = await imageChecksum(unit.paths);
  const present = await q.findSlideByChecksum(ctx.db, projectId, known.checksum);
  if (present) return { outcome: 'skipped', slideId: present.id };
  const { image } = await registerImage(ctx, unit.paths, known);
  const extension =
    unit.paths.length > 1 && unit.fileName.toLowerCase().endsWith('.dcm')
      ? 'dcm'
      : slideNameParts(unit.fileName).extension;
  const { slide, created } = await getOrCreateSlideForImage(
    ctx,
    projectId,
    image,
    { fileName: unit.fileName, fileExtension: extension },
    createdBy,
  );
  return { outcome: created ? 'imported' : 'skipped', slideId: slide.id };
}

const isInside = (p: string, base: string) => p === base || p.startsWith(base + path.sep);

/**
 * The unit with every file by its real path, checked to lie inside `root` (itself a real path) when one
 * is given: a symlink in the imports folder must not bring in a file from elsewhere on the server. The
 * real paths are what gets registered then, so a link swapped after this check changes nothing.
 */
async function confinedUnit(unit: FolderUnit, root: string | null): Promise<FolderUnit> {
  if (!root) return unit;
  const paths = await Promise.all(unit.paths.map((p) => realpath(p)));
  if (!paths.every((p) => isInside(p, root))) throw badRequest(FOLDER_IMPORT_MESSAGES.fileOutsideImports);
  return { ...unit, paths };
}

/**
 * Imports every slide of `dir` into the project; never throws for a bad file, only for a missing folder.
 * With `confineTo` (a real path), files whose real path lies outside it are refused (the API's imports
 * folder); the command line, run by an operator on the server, follows links anywhere.
 */
export async function importFolder(
  ctx: AppContext,
  projectId: string,
  dir: string,
  createdBy: string | null,
  onProgress: (p: FolderImportProgress) => void = () => {},
  confineTo: string | null = null,
): Promise<ImportSummary> {
  const s = await stat(dir).catch(() => null);
  if (!s?.isDirectory()) throw badRequest(FOLDER_IMPORT_MESSAGES.folderMissing);
  const scan = await scanFolder(dir);
  const summary: ImportSummary = { imported: [], skipped: [...scan.ignored], failed: [...scan.failed] };
  const total = scan.units.length;
  for (const [index, unit] of scan.units.entries()) {
    const progress = { done: index + 1, total, fileName: unit.fileName };
    try {
      const { outcome, slideId } = await registerUnit(
        ctx,
        projectId,
        await confinedUnit(unit, confineTo),
        createdBy,
      );
      if (outcome === 'imported') summary.imported.push({ fileName: unit.fileName, slideId });
      else
        summary.skipped.push({
          fileName: unit.fileName,
          reason: FOLDER_IMPORT_MESSAGES.alreadyPresent(slideId),
        });
      onProgress({ ...progress, outcome, slideId });
    } catch (error) {
      summary.failed.push({ fileName: unit.fileName, reason: describeFailure(error) });
      onProgress({ ...progress, outcome: 'failed' });
    }
  }
  return summary;
}

/**
 * The administrator API: system super users only (the guard has checked slideUpload in the project), and
 * only folders inside `<data dir>/imports`, resolved through symlinks so none leads out of it.
 */
export async function importFolderByApi(
  ctx: AppContext,
  actor: Actor,
  project: ProjectScope,
  input: { path: string },
): Promise<ImportSummary> {
  if (!actor.systemRoles.includes('systemSuperUser'))
    throw new AppError(403, FOLDER_IMPORT_ERROR_CODES.superUserOnly, FOLDER_IMPORT_MESSAGES.superUserOnly);
  const root = importsDir(ctx);
  const wanted = path.resolve(root, input.path);
  if (input.path.includes('\0') || !isInside(wanted, root))
    throw badRequest(FOLDER_IMPORT_MESSAGES.outsideImports);
  const [realRoot, realWanted] = await Promise.all([
    realpath(root).catch(() => null),
    realpath(wanted).catch(() => null),
  ]);
  if (!realRoot || !realWanted) throw badRequest(FOLDER_IMPORT_MESSAGES.folderMissing);
  if (!isInside(realWanted, realRoot)) throw badRequest(FOLDER_IMPORT_MESSAGES.outsideImports);
  return importFolder(ctx, project.id, realWanted, actor.userId, undefined, realRoot);
}
