/**
 * Copy slides (spec 1 §7 "Submit copy slides job"): the ids of the slide table's filtered slides, read
 * when the copy starts so it copies what the table shows then, and the submission.
 */
import { slideCopy, slideGrid, type FilterModel } from '@tessera/contract';
import { MAX_COPY_SLIDES } from '@tessera/domain';
import { call } from './client.ts';

/** What the slide table shows: its filter, search text and sort. */
export interface TableQuery {
  filterModel: FilterModel;
  globalSearchText: string;
  sortModel: slideGrid.GridRequest['sortModel'];
}

/** Spec 1 §8: reading the ids failed. */
export const readSlideIdsFailed = (message: string) => `Failed to read slide ids: ${message}`;

/** The ids of the table's filtered slides, in its order (at most MAX_COPY_SLIDES). */
export async function readFilteredSlideIds(projectId: string, query: TableQuery): Promise<string[]> {
  const answer = await call(slideGrid.getSlidesGrid, {
    params: { projectId },
    body: { ...query, startRow: 0, endRow: MAX_COPY_SLIDES, fields: ['id'], rowShape: 'arrays' },
  });
  const { data } = 'rows' in answer ? slideGrid.gridRowsOf(answer) : answer;
  return data.map((row) => String(row.id));
}

export const submitCopySlides = (projectId: string, body: slideCopy.CopySlidesRequest) =>
  call(slideCopy.copySlides, { params: { projectId }, body });
