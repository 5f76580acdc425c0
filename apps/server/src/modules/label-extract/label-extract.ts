/**
 * The work of reading one slide's label (run by the extract-label-text job): its label picture from the
 * image, what the reader finds on it, the values the project's patterns propose — matched in a sandbox
 * with a time limit, since a project's pattern could backtrack for ever —, and the values written
 * under the slide table's rules (the cell checks and the row's editing flags of the domain, and its
 * concurrency rule: a slide changed meanwhile is reported, not overwritten).
 */
import vm from 'node:vm';
import {
  canEditCell,
  checkCellValue,
  describeField,
  LABEL_EXTRACT_TEXTS,
  LABEL_FIELDS,
  SLIDE_FIELDS,
  proposeLabelValues,
  shouldWriteLabelValue,
  type LabelExtractReport,
  type LabelField,
  type LabelPatterns,
  type LabelReading,
} from '@tessera/domain';
import type { BlobStore } from '../../blob-store/blob-store.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { renderAssociated } from '../imaging/associated-images.ts';
import { findImageById } from '../imaging/images.queries.ts';
import { metadataColumns, updateSlideRows } from '../slides/slide-metadata.queries.ts';
import type { LabelReader } from './label-reader.ts';
import { findLabelSlide } from './label-extract.queries.ts';

export interface LabelPlan {
  projectId: string;
  overwrite: readonly LabelField[];
  patterns: LabelPatterns;
}

/** The fields as the slide table describes them, for its checks. */
const DESCRIPTORS = new Map(
  SLIDE_FIELDS.filter((f) => (LABEL_FIELDS as readonly string[]).includes(f.fieldName)).map((f) => [
    f.fieldName,
    describeField(f, null),
  ]),
);

/** The patterns get this long per label. */
const MATCH_TIMEOUT_MS = 1000;

/** proposeLabelValues, stopped after MATCH_TIMEOUT_MS; null when it was. */
export function proposeWithin(reading: LabelReading, patterns: LabelPatterns) {
  const sandbox = vm.createContext({ propose: proposeLabelValues, reading, patterns });
  try {
    return vm.runInContext('propose(reading, patterns)', sandbox, {
      timeout: MATCH_TIMEOUT_MS,
    }) as ReturnType<typeof proposeLabelValues>;
  } catch {
    return null;
  }
}

export async function extractSlideLabel(
  ctx: { db: Db; dialect: Dialect; blobs: BlobStore },
  plan: LabelPlan,
  slideId: string,
  reader: LabelReader,
): Promise<LabelExtractReport> {
  const report = (over: Partial<LabelExtractReport>): LabelExtractReport => ({
    slideId,
    fileName: '',
    codes: [],
    text: '',
    proposals: {},
    written: {},
    reason: null,
    ...over,
  });
  const slide = await findLabelSlide(ctx.db, plan.projectId, slideId);
  if (!slide) return report({ reason: `Slide ${slideId} is not in this project` });
  const fileName = slide.file_name;
  const image = await findImageById(ctx.db, slide.image_id);
  let picture: Buffer;
  try {
    if (!image) throw new Error('no image');
    picture = await renderAssociated(ctx.blobs, image, 'label', 'png');
  } catch {
    return report({ fileName, reason: LABEL_EXTRACT_TEXTS.noLabel });
  }
  const reading = await reader.read(picture);
  const read = { fileName, codes: reading.codes, text: reading.text };
  const proposals = proposeWithin(reading, plan.patterns);
  if (!proposals) return report({ ...read, reason: 'The patterns took too long on this label' });
  const current: Record<LabelField, string | null> = { studyId: slide.study_id, blockId: slide.block_id };
  if (Object.keys(proposals).length === 0)
    return report({ ...read, proposals, reason: LABEL_EXTRACT_TEXTS.nothingFound });
  const flags = {
    editableFields: slide.editable_fields ? (JSON.parse(slide.editable_fields) as string[]) : null,
    canEditSlideSpecificFields: slide.can_edit_slide_fields === 1,
    canEditProjectSpecificFields: slide.can_edit_project_fields === 1,
  };
  const changes: Partial<Record<LabelField, string>> = {};
  const refusals: string[] = [];
  for (const field of LABEL_FIELDS) {
    const value = proposals[field]?.value;
    if (!value || value === current[field] || !shouldWriteLabelValue(field, current[field], plan.overwrite))
      continue;
    const descriptor = DESCRIPTORS.get(field)!;
    const problem = canEditCell(descriptor, flags, true)
      ? checkCellValue(descriptor, value)
      : 'it cannot be edited on this slide';
    if (problem) refusals.push(`${descriptor.headerName}: ${problem}`);
    else changes[field] = value;
  }
  const reason = refusals.length ? refusals.join('; ') : null;
  if (Object.keys(changes).length === 0) return report({ ...read, proposals, reason });
  const update = { id: slideId, from: slide.updated_at, to: nowIso(), columns: metadataColumns(changes) };
  const updated = await updateSlideRows(ctx.db, ctx.dialect, plan.projectId, [update]);
  return updated.has(slideId)
    ? report({ ...read, proposals, written: changes, reason })
    : report({ ...read, proposals, reason: 'The slide was changed meanwhile: nothing was written' });
}
