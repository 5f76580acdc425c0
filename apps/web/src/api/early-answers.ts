/**
 * The cell markers of the set a viewer address opens with (spec 2 §2 `annotation_set_id`), asked for as
 * the app starts (viewer-prefetch.ts). They are the largest answer a viewer waits for (a million markers
 * are 28 MB), and asked in turn they would wait for the app's sign-in check, the project, the slide and
 * its sets, one after the other. The viewer's first read of them takes this answer — once: later reads ask afresh —
 * and one not taken within a minute is dropped. A refused or failed early answer costs nothing: the
 * viewer then asks as it would have.
 */
import { annotations } from '@tessera/contract';
import { fetchBytes, pathOf } from './client.ts';

/** Set ids and versions as the viewer takes them from its address (use-annotation-layers.ts). */
export const SET_ID = /^[0-9a-f]{24}$/;
export const SET_VERSION = /^[1-9]\d{0,9}$/;

const KEPT_MS = 60_000;
const early = new Map<string, Promise<ArrayBuffer>>();

/** The address of a set's cell markers (or one version's), as typed arrays. */
export const cellMarkersUrl = (set: { projectId: string; setId: string; version?: number | undefined }) =>
  pathOf(
    annotations.getCellMarkersBinary,
    { projectId: set.projectId, setId: set.setId },
    { version: set.version },
  );

/** Asks for the markers of the set a viewer address's `search` names, if it names one. */
export function prefetchCellMarkers(projectId: string, search: URLSearchParams): void {
  const setId = search.get('annotation_set_id');
  const version = search.get('annotation_set_version');
  if (!setId || !SET_ID.test(setId) || (version !== null && !SET_VERSION.test(version))) return;
  const url = cellMarkersUrl({ projectId, setId, version: version ? Number(version) : undefined });
  const answer = fetchBytes(url);
  // Nobody may take it: its failure is nobody's to report.
  answer.catch(() => undefined);
  early.set(url, answer);
  setTimeout(() => early.delete(url), KEPT_MS);
}

/** The early answer for `url`, taken (null when there is none); a failed one is asked again. */
export function takeEarly(url: string, signal?: AbortSignal): Promise<ArrayBuffer> | null {
  const answer = early.get(url);
  if (!answer) return null;
  early.delete(url);
  return answer.catch(() => fetchBytes(url, signal));
}
