/**
 * The slide table as the import, export and shared-view scenarios (issue #5) use it: the demo project's
 * rows through the public API (what the table shows and what was saved, never the database), the table
 * page opened from the default column state, and the CSV files a person would hand the wizard.
 *
 * The synthetic demo slides end in a unique number ('-09011.svs'); slide-table.spec.ts uses numbers
 * below 1000, the issue #5 scenarios numbers from 9000 up, each scenario its own ten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, listProjects } from './api.ts';
import { signInPage } from './users.ts';

export type SlideRow = Record<string, unknown> & {
  id: string;
  fileName: string;
  updatedAt: string;
  status: string;
};
export interface GridAnswer {
  data: SlideRow[];
  filteredSlideCount: number;
}
export interface FieldInfo {
  fieldName: string;
  headerName: string;
  primaryType: string;
  allowEdit: boolean;
}

// --- the API ---------------------------------------------------------------------------------------

export async function demoProjectId(token: string): Promise<string> {
  const demo = (await listProjects(token)).find((p) => p.name === 'Demo project');
  if (!demo) throw new Error('no Demo project');
  return demo.id;
}

export const gridQuery = (token: string, projectId: string, body: Record<string, unknown>) =>
  apiCall<GridAnswer>('POST', `/v1/projects/${projectId}/slides/grid`, {
    token,
    body: { sortModel: [{ colId: 'fileName', sort: 'asc' }], ...body },
  });

/** The id of the project's slide with this file name. */
export async function slideIdOf(token: string, projectId: string, fileName: string): Promise<string> {
  const answer = await gridQuery(token, projectId, {
    startRow: 0,
    endRow: 1,
    filterModel: { fileName: { filterType: 'text', type: 'equals', filter: fileName } },
  });
  return answer.data[0]!.id;
}

export const slideCount = async (token: string, projectId: string) =>
  (await apiCall<{ count: number }>('GET', `/v1/projects/${projectId}/slides/count`, { token })).count;

export async function slidesById(token: string, projectId: string, ids: string[]): Promise<SlideRow[]> {
  const { data } = await apiCall<{ data: SlideRow[] }>('POST', `/v1/projects/${projectId}/slides/batch-get`, {
    token,
    body: { slideIds: ids },
  });
  return ids.map((id) => data.find((r) => r.id === id)!).filter(Boolean);
}

export async function slideById(token: string, projectId: string, id: string): Promise<SlideRow> {
  const [row] = await slidesById(token, projectId, [id]);
  if (!row) throw new Error(`no slide ${id}`);
  return row;
}

/** The end of a synthetic slide's file name: '-09011.svs'; as a search text it finds that slide alone. */
export const numberSuffix = (n: number) => `-${String(n).padStart(5, '0')}.svs`;

/** The synthetic slide numbered `n`. */
export async function numberedSlide(token: string, projectId: string, n: number): Promise<SlideRow> {
  const { data } = await gridQuery(token, projectId, {
    filterModel: { fileName: { filterType: 'text', type: 'endsWith', filter: numberSuffix(n) } },
    endRow: 1,
  });
  if (!data[0]) throw new Error(`no slide numbered ${n}`);
  return data[0];
}

export const fieldsOf = (token: string, projectId: string) =>
  apiCall<FieldInfo[]>('GET', `/v1/projects/${projectId}/fields/slideMetadataView`, { token });

/** The user's saved column state back to the defaults, so the table opens as it does for a new user. */
export async function resetColumnState(token: string, projectId: string): Promise<void> {
  await apiCall('PUT', `/v1/projects/${projectId}/column-state/slideMetadataView`, {
    token,
    body: { state: null },
  });
}

/** The markers of a slide's assays as the table and the CSV files spell them: 'DAPI-CD3-CD8'. */
export const assayText = (assays: unknown): string =>
  (assays as { channel: number; marker: string }[])
    .toSorted((a, b) => a.channel - b.channel)
    .map((a) => a.marker)
    .join('-');

// --- the page --------------------------------------------------------------------------------------

export const fmt = (n: number) => n.toLocaleString('en');
export const slideCountText = (page: Page) => page.getByTestId('slide-count');
export const grid = (page: Page) => page.getByRole('grid', { name: 'Slide metadata' });
export const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search slides' });

/** Opens a project's slide table signed in as `email`, from the default column state. */
export async function openTable(
  page: Page,
  email: string,
  project?: string,
): Promise<{ token: string; projectId: string; total: number }> {
  const { accessToken: token } = await signInPage(page, email);
  const projectId = project ?? (await demoProjectId(token));
  await resetColumnState(token, projectId);
  const total = await slideCount(token, projectId);
  await page.goto(`/projects/${projectId}/slides`);
  await expect(slideCountText(page)).toHaveText(`${fmt(total)} of ${fmt(total)} slides`);
  return { token, projectId, total };
}

/** Types into the search box and waits for the table to show `expected` rows. */
export async function search(page: Page, text: string, expected: number, total: number): Promise<void> {
  await searchBox(page).fill(text);
  await expect(slideCountText(page)).toHaveText(`${fmt(expected)} of ${fmt(total)} slides`);
}

/** The headers of the grid's leaf columns, left to right (hidden columns are not rendered). */
export async function columnHeaders(table: Locator): Promise<string[]> {
  return table
    .locator('[role=columnheader][aria-sort]')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          el
            .querySelector('button[aria-label^="Column menu of "]')
            ?.getAttribute('aria-label')
            ?.slice('Column menu of '.length) ?? '',
      ),
    );
}

/** A cell by display row and column header. */
export async function cellOf(page: Page, row: number, header: string): Promise<Locator> {
  const table = grid(page);
  const index = (await columnHeaders(table)).indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return table.locator(`[role=gridcell][data-cell="${row}:${index}"]`);
}

/** The display row of the slide named `fileName` among the rows shown. */
export async function rowOf(page: Page, fileName: string, shown: number): Promise<number> {
  for (let r = 0; r < shown; r++)
    if ((await (await cellOf(page, r, 'File Name')).innerText()).trim() === fileName) return r;
  throw new Error(`${fileName} is not among the first ${shown} rows`);
}

// --- files -----------------------------------------------------------------------------------------

/**
 * Writes a file a person would pick (a CSV they made, or anything else named .csv) into the running
 * test's output folder, which Playwright empties at the start of each run.
 */
export function tempFile(name: string, content: string | Buffer): string {
  const file = test.info().outputPath(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/**
 * The records of a CSV text (RFC 4180: quoted cells with doubled quotes, CRLF or LF line ends). The
 * test's own reader, so the exports are checked by other code than the one that wrote them.
 */
export function parseCsv(text: string, delimiter: ',' | ';'): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
    } else {
      cell += c;
    }
  }
  if (cell !== '' || cells.length) records.push([...cells, cell]);
  return records;
}
