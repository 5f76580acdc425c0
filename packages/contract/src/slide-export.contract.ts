/**
 * The slide table's exports (spec 1 §6 gating, §9 formats; spec 3 §9; issue #5): the metadata CSV of the
 * filtered rows and visible columns, the IDO CSV, and the pyportal download config. Each streams the
 * file as it is read from the database, so a million rows never sit in memory; `X-Export-Total` and
 * `X-Export-Skipped` tell the browser how many rows the file will hold and how many it leaves out.
 */
import { z } from 'zod';
import { GlobalSearchText } from './text.ts';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';
import { FILTER_BODY_LIMIT_BYTES, FilterModel, SortModel } from './slide-grid.contract.ts';

export const ExportRequest = z
  .object({
    filterModel: FilterModel.default({}),
    globalSearchText: GlobalSearchText.default(''),
    sortModel: SortModel.default([]),
    /** The metadata CSV's columns, in order (the table's visible columns); the other exports ignore it. */
    fields: z.array(z.string().min(1).max(100)).min(1).max(200).optional(),
  })
  .strict()
  .meta({ id: 'ExportRequest' });
export type ExportRequest = z.input<typeof ExportRequest>;

/** Headers of an export answer: the rows it will hold (filtered, less the skipped) and the rows it skips. */
export const EXPORT_HEADERS = { total: 'x-export-total', skipped: 'x-export-skipped' } as const;

const route = <const P extends string, const A extends 'exportCsv' | 'exportIdo' | 'exportPyportalConfig'>(
  path: P,
  access: A,
  summary: string,
  mediaType: string,
) =>
  defineRoute({
    method: 'POST',
    path,
    summary,
    tags: ['slide table'],
    access: projectPermission(access),
    params: z.object({ projectId: Id }),
    body: ExportRequest,
    bodyLimitBytes: FILTER_BODY_LIMIT_BYTES,
    response: z.string(),
    responseTypes: [mediaType],
  });

export const exportMetadataCsv = route(
  '/v1/projects/:projectId/slides/export/metadata-csv',
  'exportCsv',
  "The filtered slides' metadata as CSV (';'), the requested columns in order; needs slideMetadataExport too",
  'text/csv',
);

export const exportIdoCsv = route(
  '/v1/projects/:projectId/slides/export/ido-csv',
  'exportIdo',
  "The filtered slides as an IDO CSV (','): FileName, ImageName, MarkerName, CaseName, Indication, FileExt, ImagePath; slides without a file are skipped; needs slideMetadataExport too",
  'text/csv',
);

export const exportPyportalConfig = route(
  '/v1/projects/:projectId/slides/export/pyportal-config',
  'exportPyportalConfig',
  "The pyportal download config (YAML: project_id and the filtered slides' ids); slides without a file are skipped; needs slideMetadataExport too",
  'application/yaml',
);
