/**
 * Slide uploads (spec 1 §2 "Upload panel", §3 "Upload item", §4 "Upload state", §8; issue #15 point 1):
 * the states of an upload and its files, how a group row sums its files up, what Clear history removes,
 * the rule a file name must meet, and the texts. Shared by the server (tus hooks) and the upload panel.
 */

/** Spec 1 §2, §4 and §8, worded exactly; then the server's own refusals. */
export const UPLOAD_MESSAGES = {
  dropZone: (project: string) => `Drop slides on this panel to upload them to project ${project}`,
  allUploaded: 'All slides uploaded, please press the refresh button',
  unableToStop: 'Unable to stop the upload',
  /** Spec 1 §6: the upload button's tooltips when it cannot be used. */
  selectProject: 'Please select a project to upload slides',
  noPermission: 'No upload permission',
  metadataMissing: 'An upload must name its projectId, fileName and checksum in Upload-Metadata',
  lengthRequired: 'An upload must declare its length (Upload-Length)',
  empty: 'The file is empty: an empty file is not a slide',
  tooLarge: (maxBytes: number) => `The file is larger than this server accepts (${maxBytes} bytes)`,
  invalidFileName: 'The file name must not contain path separators or control characters',
  itemMetadataMissing:
    'A file of an upload item of several files must name its itemKey, relativePath and fileCount in Upload-Metadata',
  invalidItemKey: 'The itemKey must be 32 lowercase hexadecimal characters',
  invalidRelativePath:
    "The relativePath must be names joined by '/', without '.', '..', backslashes or control characters",
  invalidFileCount: (max: number) =>
    `The fileCount of an upload item must be a whole number from 2 to ${max}`,
  itemFileExists: 'This file of the upload item was created already',
  itemDisagrees:
    'The files of one upload item must name the same projectId, fileName, checksum and fileCount',
  itemFull: 'Every file of this upload item was created already',
  itemPathsNest: 'A path of an upload item cannot be both a file and a folder of it',
  itemEnded: 'This upload item has ended: start the upload again',
  invalidConcat:
    "Upload-Concat must be 'partial', or 'final;' followed by the URLs of 1 to 16 different partial uploads",
  finalLength: 'A final upload takes its length from its parts: it must not declare Upload-Length',
  partsElsewhere: 'The parts of an upload must belong to the project it names',
  partIncomplete: 'A part of this upload is not complete: send its bytes before creating the final upload',
  partsTaken: 'These parts are being joined into an upload already',
  checksumMismatch:
    'The uploaded bytes do not match the checksum computed before sending; nothing was kept: upload the file again',
  notFound: 'Upload not found',
  alreadyStored: 'Stored already: not sent again',
  stopped: 'Stopped: start the upload again to go on from where it stopped',
  expired: (hours: number) =>
    `No bytes of this upload came for ${hours} hours: it was given up and nothing was kept; upload the file again`,
} as const;

/** Spec 1 §4 "Upload state", per file. */
export const UPLOAD_FILE_STATES = ['None', 'Queued', 'InProgress', 'Finished', 'Failed', 'OnHold'] as const;
export type UploadFileState = (typeof UPLOAD_FILE_STATES)[number];

/** Spec 1 §4 "Upload state", overall. */
export type UploadOverallState = 'None' | 'InProgress' | 'Finished';

/**
 * A group row's state from its files' (spec 1 §4): failed beats on hold beats in progress beats queued;
 * finished only when every file is finished; None otherwise (nothing started).
 */
export function groupUploadState(states: readonly UploadFileState[]): UploadFileState {
  for (const state of ['Failed', 'OnHold', 'InProgress', 'Queued'] as const)
    if (states.includes(state)) return state;
  return states.length > 0 && states.every((s) => s === 'Finished') ? 'Finished' : 'None';
}

/** Clear history removes the items whose files are all finished or failed (spec 1 §4). */
export const isUploadHistory = (states: readonly UploadFileState[]): boolean =>
  states.length > 0 && states.every((s) => s === 'Finished' || s === 'Failed');

/** Start upload is enabled only when files in the None state exist (spec 1 §4). */
export const canStartUpload = (states: readonly UploadFileState[]): boolean => states.includes('None');

/** Longest file name a file system stores (bytes of UTF-8 on most; counted here in characters). */
export const MAX_FILE_NAME_LENGTH = 255;

// eslint-disable-next-line no-control-regex
const PATH_OR_CONTROL = /[/\\\u0000-\u001f\u007f]/;

/**
 * Whether `name` may name a slide's file: one name, not a path — no separators, no control characters,
 * not `.` or `..`, not blank, at most MAX_FILE_NAME_LENGTH. Uploads are stored under it, so it must never
 * lead out of their folder.
 */
export function isSlideFileName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length > 0 &&
    name.length <= MAX_FILE_NAME_LENGTH &&
    trimmed !== '.' &&
    trimmed !== '..' &&
    !PATH_OR_CONTROL.test(name)
  );
}
