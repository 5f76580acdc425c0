/**
 * Transfer (spec 1 §7 "Submit transfer job"; issue #15 point 4): the folders of the server's transfer
 * area, listed for choosing a destination, and a transfer job into one — TransferSlides writes the
 * slides' original files (slideDownload), TransferAnnotations their annotation sets as QuPath GeoJSON
 * (transferAnnotations). A destination is a folder path relative to the area ('' is the area); none
 * leads outside it. The job's result reports every slide. The caller is the job's creator (the spec's
 * `username`); displayPath is the destination as people read it.
 */
import { z } from 'zod';
import { MAX_LISTED_FOLDERS, MAX_TRANSFER_SLIDES, TRANSFER_TYPES } from '@tessera/domain';
import { defineRoute, projectAnyPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const TransferPath = z.string().max(2000);

export const TransferFolders = z
  .object({
    path: z.string(),
    displayPath: z.string(),
    folders: z.array(z.object({ name: z.string(), path: z.string() })).max(MAX_LISTED_FOLDERS),
    isTruncated: z.boolean(),
  })
  .meta({ id: 'TransferFolders' });
export type TransferFolders = z.infer<typeof TransferFolders>;

/** GET the folders in a folder of the transfer area; 404 TRANSFER_FOLDER_NOT_FOUND when it is none. */
export const listTransferFolders = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/transfer-folders',
  summary: 'The folders in a folder of the transfer area',
  tags: ['jobs'],
  access: projectAnyPermission('slideDownload', 'transferAnnotations'),
  params: z.object({ projectId: Id }),
  query: z.object({ path: TransferPath.default('') }),
  response: TransferFolders,
});

export const TransferRequest = z
  .object({
    type: z.enum(TRANSFER_TYPES),
    destinationPath: TransferPath,
    slideIds: z.array(Id).min(1).max(MAX_TRANSFER_SLIDES),
  })
  .strict()
  .meta({ id: 'TransferRequest' });
export type TransferRequest = z.infer<typeof TransferRequest>;

/** POST a transfer job of the slides into the destination; the type's permission is checked too. */
export const submitTransfer = defineRoute({
  method: 'POST',
  path: '/v1/projects/:projectId/transfers',
  summary: 'Queues a transfer of slide files or annotation sets into a folder of the transfer area',
  tags: ['jobs'],
  access: projectAnyPermission('slideDownload', 'transferAnnotations'),
  params: z.object({ projectId: Id }),
  body: TransferRequest,
  bodyLimitBytes: 512 * 1024,
  response: z.object({ jobId: Id, displayPath: z.string() }),
});

export const TransferReport = z.object({
  slideId: Id,
  fileName: z.string(),
  outcome: z.enum(['written', 'skipped', 'failed']),
  files: z.array(z.string()),
  reason: z.string().nullable(),
});

/** The job's result, once it has succeeded: every slide, in the order asked. */
export const TransferResult = z
  .object({ type: z.enum(TRANSFER_TYPES), displayPath: z.string(), slides: z.array(TransferReport) })
  .meta({ id: 'TransferResult' });
export type TransferResult = z.infer<typeof TransferResult>;
