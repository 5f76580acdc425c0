/**
 * Copy slides (spec 1 §2 "Copy slides wizard", §4, §5, §6, §7 "Submit copy slides job", §8; issue #15
 * point 3): a slide is copied into another project as a new row of that project over the same image (no
 * file is copied), with its metadata and its annotation sets when asked. Who may copy what, how many
 * slides one job takes, the per-slide outcomes, and the texts — shared by the server and the wizard.
 */
import type { Permission } from '../permissions.ts';

/** Slides one copy job takes (the wizard copies the slide table's filtered slides, at most this many). */
export const MAX_COPY_SLIDES = 10_000;

/** Spec 1 §4, §6 and §8, worded exactly; then the wizard's and the server's own texts. */
export const SLIDE_COPY_TEXTS = {
  title: 'Copy slides',
  selectTargetPage: 'Select Target Project',
  copyPage: 'Copy Slides',
  startCopy: 'Start Copy',
  noCopyPermission: 'No slide copy permission',
  submitFailed: (message: string) => `Failed to submit copy slides job: ${message}`,
  targetProject: 'Target project',
  copyProjectMetadata: 'Copy project metadata',
  copyAnnotations: 'Copy annotations',
  copyResults: 'Copy results',
  annotationsNotAllowed:
    'Copying annotations needs the annotation copy permission in this project and annotation management in the target project',
  resultsUnavailable: 'There are no analysis results to copy: Tessera does not hold results yet',
  noTargets: 'There is no other project you may add slides to',
  noSlides: 'The slide table shows no slides to copy',
  tooManySlides: `At most ${MAX_COPY_SLIDES.toLocaleString('en-US')} slides can be copied at once: filter the table further`,
  sameProject: 'The target project must be another project',
  targetNotAllowed: 'No upload permission in the target project',
  alreadyInTarget: 'The target project holds this file already',
  slideNotInProject: (slideId: string) => `Slide ${slideId} is not in this project`,
} as const;

/** A project slides may be copied into: one where the caller may add slides (slideUpload). */
export const canCopySlidesInto = (target: ReadonlySet<Permission>): boolean => target.has('slideUpload');

/**
 * Whether annotation sets may go with the slides (spec 1 §5: the checkbox needs two permissions):
 * annotationsCopy where they come from, and annotationsManage where they go (they become sets there).
 */
export const canCopyAnnotations = (
  source: ReadonlySet<Permission>,
  target: ReadonlySet<Permission>,
): boolean => source.has('annotationsCopy') && target.has('annotationsManage');

/** What became of one slide of a copy job. */
export const SLIDE_COPY_OUTCOMES = ['copied', 'skipped', 'failed'] as const;
export type SlideCopyOutcome = (typeof SLIDE_COPY_OUTCOMES)[number];

export interface SlideCopyReport {
  slideId: string;
  fileName: string;
  outcome: SlideCopyOutcome;
  /** The new slide's id in the target project (copied), or the one already there (skipped). */
  targetSlideId: string | null;
  /** Why it was skipped or failed, for people. */
  reason: string | null;
  /** Annotation sets copied with it. */
  annotationSets: number;
}

/** The Summary's line: 'Copied 3 slides, 1 already there, 1 failed'. */
export function slideCopySummary(reports: readonly Pick<SlideCopyReport, 'outcome'>[]): string {
  const count = (outcome: SlideCopyOutcome) => reports.filter((r) => r.outcome === outcome).length;
  const copied = count('copied');
  const parts = [`Copied ${copied} slide${copied === 1 ? '' : 's'}`];
  if (count('skipped') > 0) parts.push(`${count('skipped')} already there`);
  if (count('failed') > 0) parts.push(`${count('failed')} failed`);
  return parts.join(', ');
}
