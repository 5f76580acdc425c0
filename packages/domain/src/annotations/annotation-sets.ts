/**
 * Annotation sets (spec 2 §3 "Annotation set and version", §5 "Annotation set name", §8): the name rule
 * and its messages, shared by the server (which enforces them) and the web's set dialogs.
 */
import { z } from 'zod';

/** Spec 2 §9: a set name is 1 to 59 characters (shorter than 60). */
export const ANNOTATION_SET_NAME_MAX = 59;

/** Spec 2 §9 / spec 3 §7: lists of versions and version collections come 10 to a page by default. */
export const ANNOTATION_VERSIONS_PAGE_SIZE = 10;

/** Spec 2 §5 and §8, worded exactly. */
export const ANNOTATION_SET_MESSAGES = {
  nameRequired: 'Enter a name for the annotation set',
  nameTooShort: 'Annotation set name must be at least 1 character(s) long',
  nameTooLong: 'Annotation set name must be shorter than 60 characters',
  nameInUse: (name: string) => `Annotation set name "${name}" is in use. Choose another name`,
  creationFailed: (reason: string) => `Annotation set creation failed: ${reason}`,
  updateFailed: (reason: string) => `Annotation set update failed: ${reason}`,
  notOnSlide: 'Annotation set does not exist on slide',
  onlyLinkedProject: "Can't unlink set as it is the only project this set is linked to.",
  notAllAnnotationsUpdated: 'Not all annotations updated!',
  notAllCellMarkersUpdated: 'Not all cell markers updated!',
  locked: "Can't delete annotations. At least one of the selected annotations is locked.",
  fovRoiConfirmation: 'Selection includes an FOV/ROI, do you want to delete it?',
} as const;

/**
 * A set's name as the user typed it: surrounding white space is not part of it, an empty name is
 * 'Enter a name…', and a name of 60 characters or more is refused. Control characters are refused too:
 * a name is shown in menus, tabs and file names.
 */
export const annotationSetNameSchema = z
  .string({ error: ANNOTATION_SET_MESSAGES.nameRequired })
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, ANNOTATION_SET_MESSAGES.nameRequired)
      .max(ANNOTATION_SET_NAME_MAX, ANNOTATION_SET_MESSAGES.nameTooLong)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'An annotation set name cannot hold control characters'),
  );

/** A version collection's tag (spec 2 §3 "Version": collections (id, tag)) is 1 to 128 characters. */
export const VERSION_TAG_MAX = 128;

/** Spec 3 §5 "Annotation actions": the notice once the download job is queued, worded (and spelt) exactly. */
export const DOWNLOAD_VERSION_STARTED = 'Download annotation set verison job started - check jobs panel';

/** A tag as typed: trimmed, not empty, no control characters (tags show as chips beside a version). */
export const versionTagSchema = z
  .string()
  .transform((tag) => tag.trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a tag')
      .max(VERSION_TAG_MAX, `A tag must be shorter than ${VERSION_TAG_MAX + 1} characters`)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'A tag cannot hold control characters'),
  );
