/**
 * The slide table's exports (spec 1 §9): the file streams in, its records are counted as they arrive for
 * the progress text, and the whole file is handed over as a Blob. A stream that breaks off is an error
 * carrying how far it got (the rest counts as failed).
 */
import { CsvRecordCounter } from '@tessera/domain';
import { slideExport, type ExportRequest } from '@tessera/contract';
import { callWithResponse } from './client.ts';

export type ExportFormat = 'metadata-csv' | 'ido-csv' | 'pyportal-config';

const ROUTES = {
  'metadata-csv': slideExport.exportMetadataCsv,
  'ido-csv': slideExport.exportIdoCsv,
  'pyportal-config': slideExport.exportPyportalConfig,
} as const;

export interface ExportProgress {
  /** Rows in the file so far. */
  done: number;
  /** Slides matching the filters, and those the export leaves out. */
  total: number;
  skipped: number;
}

export class ExportBrokenError extends Error {
  constructor(readonly progress: ExportProgress) {
    super('The export stopped before the end of the file');
  }
}

export function downloadExport(
  projectId: string,
  format: ExportFormat,
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  return callWithResponse(ROUTES[format], { params: { projectId }, body: request, signal }, async (res) => {
    const progress: ExportProgress = {
      done: 0,
      total: Number(res.headers.get(slideExport.EXPORT_HEADERS.total) ?? 0),
      skipped: Number(res.headers.get(slideExport.EXPORT_HEADERS.skipped) ?? 0),
    };
    onProgress({ ...progress });
    const count = recordCounter(format);
    const parts: Uint8Array[] = [];
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        progress.done = count(decoder.decode(value, { stream: true }));
        onProgress({ ...progress });
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ExportBrokenError({ ...progress });
    }
    return new Blob(parts as BlobPart[], {
      type: res.headers.get('content-type') ?? 'application/octet-stream',
    });
  });
}

/** Rows written so far, from the text received: CSV records after the header, or the YAML's list items. */
function recordCounter(format: ExportFormat): (chunk: string) => number {
  if (format === 'pyportal-config') {
    let items = 0;
    let tail = '';
    return (chunk) => {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop()!;
      items += lines.filter((l) => l.startsWith('  - ')).length;
      return items;
    };
  }
  const counter = new CsvRecordCounter();
  return (chunk) => Math.max(0, counter.push(chunk) - 1);
}

/** Saves a Blob as a file through the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
