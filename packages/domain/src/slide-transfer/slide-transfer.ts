/**
 * Transfer (spec 1 §2 "Transfer slides/annotations wizard", §4, §5, §6, §7 "Submit transfer job"; issue
 * #15 point 4): the slides' original files (TransferSlides) or their annotation sets as QuPath GeoJSON
 * (TransferAnnotations) are written into a folder of the server's transfer area, where other systems
 * collect them. The kinds and who may run them, the rule a destination path meets (it never leads out
 * of the area), the file names written, and the texts — shared by the server and the wizard.
 */
import type { Permission } from '../permissions.ts';
import { isSlideFileName } from '../uploads/uploads.ts';

/** Spec 1 §7's job types, and the permission each needs (spec 1 §6: slideDownload gates Transfer slides). */
export const TRANSFER_TYPES = ['TransferSlides', 'TransferAnnotations'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const TRANSFER_PERMISSION: Record<TransferType, Permission> = {
  TransferSlides: 'slideDownload',
  TransferAnnotations: 'transferAnnotations',
};

/** Slides one transfer job takes (the table's filtered slides). */
export const MAX_TRANSFER_SLIDES = 10_000;
/** Folders listed per folder of the transfer area. */
export const MAX_LISTED_FOLDERS = 1000;
const MAX_DEPTH = 32;
const MAX_PATH_LENGTH = 2000;

export const TRANSFER_TEXTS = {
  title: 'Transfer slides/annotations',
  selectDestinationPage: 'Select Destination',
  summaryPage: 'Summary',
  startTransfer: 'Start Transfer',
  noPermission: 'You can not transfer slides due to the lack of permissions',
  destinationRequired: 'A transfer destination must be chosen',
  notice: 'Transfers may take up to 15 minutes to appear on the server.',
  submitFailed: (message: string) => `Failed to submit job: ${message}`,
  typeLabels: { TransferSlides: 'Slide files', TransferAnnotations: 'Annotation sets (QuPath GeoJSON)' },
  typeNotAllowed: (type: TransferType) =>
    type === 'TransferSlides' ? 'No slide download permission' : 'No permission to transfer annotations',
  invalidPath: 'The destination must be a folder path inside the transfer area',
  folderNotFound: (displayPath: string) => `There is no folder ${displayPath} in the transfer area`,
  noFile: 'The slide has no stored file to transfer',
  differentFileThere: (name: string) => `A different file named ${name} is in the destination already`,
  alreadyThere: 'The same file is in the destination already',
  noAnnotationSets: 'The slide has no annotation sets',
} as const;

/** Who may transfer at all (the toolbar's button): either kind. */
export const canTransfer = (permissions: ReadonlySet<Permission>): boolean =>
  TRANSFER_TYPES.some((type) => permissions.has(TRANSFER_PERMISSION[type]));

/**
 * The folders of a destination path relative to the transfer area ('' is the area itself; 'a/b' its
 * folder b in a), or null for a path that is not one: absolute, with empty, `.` or `..` segments,
 * backslashes or control characters, too deep or too long.
 */
export function transferPathSegments(path: string): string[] | null {
  if (path === '') return [];
  if (path.length > MAX_PATH_LENGTH) return null;
  const segments = path.split('/');
  if (segments.length > MAX_DEPTH) return null;
  return segments.every((s) => s === s.trim() && isSlideFileName(s)) ? segments : null;
}

/** What people read for a destination: the area's name and the path ('transfer/study-7/run 2'). */
export const transferDisplayPath = (segments: readonly string[]): string =>
  ['transfer', ...segments].join('/');

/** Text as one file name: what file systems refuse (separators, `:*?"<>|`, control characters) becomes '_'. */
export const fileSafeName = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_').slice(0, 200) || '_';

/** The GeoJSON file of one annotation set of a slide: '<slide name> - <set name>.geojson'. */
export const annotationTransferFileName = (slideName: string, setName: string): string =>
  `${fileSafeName(`${slideName} - ${setName}`)}.geojson`;

/** What became of one slide of a transfer. */
export interface TransferReport {
  slideId: string;
  fileName: string;
  outcome: 'written' | 'skipped' | 'failed';
  /** The files written (or found there already), relative to the destination. */
  files: string[];
  reason: string | null;
}

/** The Summary's line: 'Wrote 3 slides, 1 already there, 1 failed'. */
export function transferSummary(
  type: TransferType,
  reports: readonly Pick<TransferReport, 'outcome'>[],
): string {
  const count = (outcome: TransferReport['outcome']) => reports.filter((r) => r.outcome === outcome).length;
  const written = count('written');
  const slides = `${written} slide${written === 1 ? '' : 's'}`;
  const parts = [type === 'TransferSlides' ? `Wrote ${slides}` : `Wrote the annotation sets of ${slides}`];
  if (count('skipped') > 0) parts.push(`${count('skipped')} already there`);
  if (count('failed') > 0) parts.push(`${count('failed')} failed`);
  return parts.join(', ');
}
