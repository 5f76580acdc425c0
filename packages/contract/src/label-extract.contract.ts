/**
 * Label extract (spec 1 §7 "Submit label extraction job"; issue #15 point 5): a job reads the slides'
 * label images — text, barcodes, 2-D codes — and proposes studyId and blockId by the project's patterns,
 * writing each where the field is empty or the overwrite list names it. The patterns are the project's
 * (the domain's defaults until set). All of it needs slideMetadataManage (spec 1 §6). The caller is the
 * job's creator (the spec's `username`).
 */
import { z } from 'zod';
import { LABEL_FIELDS, labelPatternsSchema, MAX_LABEL_SLIDES } from '@tessera/domain';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const Params = z.object({ projectId: Id });
const PatternsAnswer = z.object({ patterns: labelPatternsSchema, isDefault: z.boolean() });

export const getLabelPatterns = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/label-extract/patterns',
  summary: "The project's patterns for studyId and blockId on labels",
  tags: ['jobs'],
  access: projectPermission('slideMetadataManage'),
  params: Params,
  response: PatternsAnswer,
});

export const saveLabelPatterns = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/label-extract/patterns',
  summary: "Stores the project's patterns for studyId and blockId on labels",
  tags: ['jobs'],
  access: projectPermission('slideMetadataManage'),
  params: Params,
  body: z.object({ patterns: labelPatternsSchema }).strict(),
  response: PatternsAnswer,
});

export const LabelExtractRequest = z
  .object({
    slideIds: z.array(Id).min(1).max(MAX_LABEL_SLIDES),
    overwrite: z
      .array(z.enum(LABEL_FIELDS))
      .max(LABEL_FIELDS.length)
      .refine((list) => new Set(list).size === list.length, 'A field is listed twice'),
  })
  .strict()
  .meta({ id: 'LabelExtractRequest' });
export type LabelExtractRequest = z.infer<typeof LabelExtractRequest>;

export const extractLabels = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/label-extract',
  summary: 'Queues reading the slides’ labels into studyId and blockId',
  tags: ['jobs'],
  access: projectPermission('slideMetadataManage'),
  params: Params,
  body: LabelExtractRequest,
  bodyLimitBytes: 128 * 1024,
  response: z.object({ jobId: Id }),
});

const Proposal = z.object({ value: z.string(), source: z.enum(['code', 'text']) });

/** The job's result, once it has succeeded: every slide, in the order asked. */
export const LabelExtractResult = z
  .object({
    slides: z.array(
      z.object({
        slideId: Id,
        fileName: z.string(),
        codes: z.array(z.string()),
        text: z.string(),
        proposals: z.object({ studyId: Proposal.optional(), blockId: Proposal.optional() }),
        written: z.object({ studyId: z.string().optional(), blockId: z.string().optional() }),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'LabelExtractResult' });
export type LabelExtractResult = z.infer<typeof LabelExtractResult>;
