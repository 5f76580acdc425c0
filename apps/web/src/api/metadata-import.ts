/** The CSV import call (spec 1 §4): a dry run for the preview, then the import with its progress lines. */
import {
  metadataImport,
  type CsvImportEvent,
  type CsvImportReport,
  type CsvImportRequest,
} from '@tessera/contract';
import { ApiError, call, callWithResponse } from './client.ts';

export const checkCsvImport = (projectId: string, request: CsvImportRequest, signal?: AbortSignal) =>
  call(metadataImport.importSlideMetadata, {
    params: { projectId },
    body: { ...request, dryRun: true },
    signal,
  });

/** Runs the import; `onProgress` hears about every batch of slides written. A failure mid-way (nothing kept) is an ApiError. */
export function runCsvImport(
  projectId: string,
  request: CsvImportRequest,
  onProgress: (done: number, total: number) => void,
): Promise<CsvImportReport> {
  return callWithResponse(
    metadataImport.importSlideMetadata,
    { params: { projectId }, body: { ...request, dryRun: false } },
    async (res) => {
      let report: CsvImportReport | null = null;
      for await (const event of ndjsonEvents<CsvImportEvent>(res)) {
        if ('progress' in event) onProgress(event.progress.done, event.progress.total);
        else if ('report' in event) report = event.report;
        else throw new ApiError(422, event.error.code, event.error.message);
      }
      if (!report) throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'The import ended without a report');
      return report;
    },
  );
}

/** The JSON values of a newline-delimited stream, as they arrive. */
async function* ndjsonEvents<T>(res: Response): AsyncGenerator<T> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += value ?? '';
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
    if (done) break;
  }
  if (pending.trim()) yield JSON.parse(pending) as T;
}
