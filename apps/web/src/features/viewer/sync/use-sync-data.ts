/**
 * What sync reads for the open tabs (spec 2 §4 "Viewer load", §7 "Landmarks"): each slide's details
 * (its block and name) and equalization, and for each block among them its landmarks (none: null) and
 * its slides. A failed read is said once with the spec's words; each viewer's load status is put
 * together from its reads by the domain's rule.
 */
import { useEffect } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import {
  landmarksLoadFailureMessage,
  SYNC_MESSAGES,
  viewerLoadStatus,
  type LoadStatus,
  type SyncViewer,
} from '@tessera/domain';
import type { SlideDetails } from '@tessera/contract';
import { blockLandmarksQuery, blockSlidesQuery, type StoredBlockLandmarks } from '../../../api/landmarks.ts';
import { effectivePresetQuery, failureOf } from '../../../api/equalization.ts';
import { messageOf } from '../../../api/queries.ts';
import { slideDetailsQuery } from '../../../api/slide-viewer.ts';
import { useNotify } from '../../../app/notify.tsx';
import type { SyncTab } from './sync-tabs.ts';

/** A query's progress as a load status (a disabled query that never ran has not started). */
export function loadStatusOf(query: Pick<UseQueryResult, 'status' | 'fetchStatus'>): LoadStatus {
  if (query.status === 'success') return 'succeeded';
  if (query.status === 'error') return 'failed';
  return query.fetchStatus === 'idle' ? 'notStarted' : 'pending';
}

interface Read<T> {
  data: T | undefined;
  status: LoadStatus;
  error: unknown;
}
const readsOf = <T>(results: UseQueryResult<T>[]): Read<T>[] =>
  results.map((r) => ({ data: r.data, status: loadStatusOf(r), error: r.error }));

const unique = (values: readonly string[]) => [...new Set(values)];

export interface SyncData {
  viewers: SyncViewer[];
  /** The stored landmarks of each block whose read succeeded; null when it has none. */
  landmarks: Map<string, StoredBlockLandmarks | null>;
  blockSlides: Map<string, string[]>;
  loadStatusOf(viewerId: string): LoadStatus;
}

export function useSyncData(projectId: string, tabs: readonly SyncTab[], toolConfigs: LoadStatus): SyncData {
  const notify = useNotify();
  const slideIds = unique(tabs.map((t) => t.slideId));
  const details = readsOf<SlideDetails>(
    useQueries({ queries: slideIds.map((id) => slideDetailsQuery(projectId, id)) }),
  );
  const detailsOf = new Map(slideIds.map((id, i) => [id, details[i]!]));
  // The equalization each viewer draws with (the same query as the viewer's): part of its load status.
  const equalizations = readsOf(
    useQueries({ queries: slideIds.map((id) => effectivePresetQuery(projectId, id)) }),
  );
  const equalizationOf = new Map(slideIds.map((id, i) => [id, equalizations[i]!]));
  const blockOf = (slideId: string) => {
    const slide = detailsOf.get(slideId)?.data;
    return slide ? (slide.blockId ?? null) : undefined;
  };
  const blockIds = unique(tabs.map((t) => blockOf(t.slideId)).filter((b): b is string => !!b));
  const landmarkReads = readsOf<StoredBlockLandmarks | null>(
    useQueries({ queries: blockIds.map((id) => blockLandmarksQuery(projectId, id)) }),
  );
  const slideReads = readsOf<string[]>(
    useQueries({ queries: blockIds.map((id) => blockSlidesQuery(projectId, id)) }),
  );

  const landmarks = new Map<string, StoredBlockLandmarks | null>();
  const blockSlides = new Map<string, string[]>();
  blockIds.forEach((id, i) => {
    const stored = landmarkReads[i]!.data;
    if (stored !== undefined) landmarks.set(id, stored);
    const slides = slideReads[i]!.data;
    if (slides) blockSlides.set(id, slides);
  });

  // Each failure said once, in the spec's words (a retried read fails once, after its last try).
  const failures = [
    ...landmarkReads.map((r) => (r.error ? landmarksLoadFailureMessage(failureOf(r.error)) : null)),
    ...slideReads.map((r) => (r.error ? SYNC_MESSAGES.blockSlidesLoadFailed(messageOf(r.error)) : null)),
  ].filter((m): m is string => m !== null);
  const failureText = failures.join('\n');
  useEffect(() => {
    if (failureText) for (const message of failureText.split('\n')) notify(message, 'error');
  }, [failureText, notify]);

  const viewers = tabs.map((tab) => {
    const slide = detailsOf.get(tab.slideId)?.data;
    return { ...tab, name: slide ? slide.fileName || slide.id : tab.slideId, blockId: blockOf(tab.slideId) };
  });
  const statusOf = (viewerId: string): LoadStatus => {
    const tab = tabs.find((t) => t.viewerId === viewerId);
    const slide = tab && detailsOf.get(tab.slideId);
    if (!tab || !slide) return 'notStarted';
    const blockId = blockOf(tab.slideId);
    const at = blockId ? blockIds.indexOf(blockId) : -1;
    return viewerLoadStatus({
      slide: slide.status,
      toolConfigs,
      equalization: equalizationOf.get(tab.slideId)!.status,
      ...(at >= 0 ? { blockSlides: slideReads[at]!.status, landmarks: landmarkReads[at]!.status } : {}),
    });
  };
  return { viewers, landmarks, blockSlides, loadStatusOf: statusOf };
}
