/**
 * Sync between open slides for the whole viewer page (spec 2 §4): reads the tabs, their blocks'
 * landmarks and the project's multi-view config, decides the mode by the domain's rules, keeps the
 * coordinator configured, flips a viewer its landmarks say is flipped, and saves the overwrite. The
 * page (ViewerTabs) provides the answer as ViewerSyncContext and draws the tab icons from it.
 */
import { useEffect, useRef, useState } from 'react';
import type { Model } from 'flexlayout-react';
import {
  effectiveSyncMode,
  landmarkFlipOf,
  landmarkIconColors,
  overwriteLandmarksBody,
  overwriteLandmarksState,
  SYNC_MESSAGES,
  syncOfferOf,
  type BlockLandmarks,
  type LoadStatus,
  type SyncMode,
  type SyncViewer,
} from '@tessera/domain';
import { useSaveLandmarks } from '../../../api/landmarks.ts';
import { messageOf } from '../../../api/queries.ts';
import { useToolConfig } from '../../../api/tool-configs.ts';
import { useNotify } from '../../../app/notify.tsx';
import { useCurrentProject } from '../../projects/index.ts';
import { SyncCoordinator } from './sync-coordinator.ts';
import type { ViewerSync } from './sync-context.ts';
import { flipTab, useSyncTabs } from './sync-tabs.ts';
import { loadStatusOf, useSyncData } from './use-sync-data.ts';

export interface PageSync {
  context: ViewerSync;
  /** The tab's landmark icon: its block's colour (null: no landmarks) and its flip. */
  iconOf(viewerId: string): { color: string | null; isFlipped: boolean } | null;
  loadStatusOf(viewerId: string): LoadStatus;
}

export function useViewerSync(projectId: string, model: Model): PageSync {
  const notify = useNotify();
  const { permissions } = useCurrentProject();
  const tabs = useSyncTabs(model);
  const multiView = useToolConfig(projectId, 'multiViewGeneral');
  const data = useSyncData(projectId, tabs, loadStatusOf(multiView.query));
  const { viewers, landmarks } = data;
  const colors = landmarkIconColors(viewers, landmarks);
  const offer = syncOfferOf(viewers, colors, landmarks);
  const [chosen, setChosen] = useState<SyncMode | null>(null);
  const [isCrosshairOn, setCrosshairOn] = useState(false);
  const mode = effectiveSyncMode(chosen, offer, {
    isCompareSyncOn: multiView.config.compareSyncOn,
    displayedCount: viewers.filter((v) => v.isDisplayed).length,
  });

  const [coordinator] = useState(() => new SyncCoordinator());
  useEffect(() => () => coordinator.dispose(), [coordinator]);
  useEffect(
    () => coordinator.configure({ mode, viewers, colors, landmarks, isCrosshairOn }),
    [coordinator, mode, viewers, colors, landmarks, isCrosshairOn],
  );
  useLandmarkFlips(model, viewers, landmarks);

  const overwrite = overwriteLandmarksState(viewers, mode, permissions);
  const save = useSaveLandmarks(projectId);
  const overwriteLandmarks = () => {
    if (!overwrite.isEnabled) return;
    const centers = coordinator.centers();
    const placed = viewers.flatMap((v) => {
      const center = v.isDisplayed ? centers.get(v.viewerId) : undefined;
      return center ? [{ slideId: v.slideId, center, isFlipped: v.isFlipped }] : [];
    });
    const { blockId } = overwrite;
    const block = overwriteLandmarksBody(
      blockId,
      landmarks.get(blockId) ?? null,
      placed,
      data.blockSlides.get(blockId) ?? null,
    );
    save.mutate(
      { blocks: [block] },
      {
        onSuccess: () => notify(SYNC_MESSAGES.overwritten(blockId), 'success'),
        onError: (error) => notify(SYNC_MESSAGES.overwriteFailed(messageOf(error)), 'error'),
      },
    );
  };

  const context: ViewerSync = {
    coordinator,
    mode,
    offer,
    choose: (next) => {
      setChosen(next);
      if (next === 'manual') coordinator.captureReferences();
    },
    isCrosshairOn,
    setCrosshairOn,
    overwrite,
    overwriteLandmarks,
    isOverwriting: save.isPending,
    blockSummary: blockSummaryOf(viewers, landmarks, data.blockSlides),
  };
  return {
    context,
    iconOf: (viewerId) => {
      const viewer = viewers.find((v) => v.viewerId === viewerId);
      return viewer ? { color: colors.get(viewerId) ?? null, isFlipped: viewer.isFlipped } : null;
    },
    loadStatusOf: data.loadStatusOf,
  };
}

/**
 * Spec 2 §4 "Flip": slides flip automatically when landmarks say so — once per slide and stored
 * landmarks, so a user who flips back keeps their choice until the landmarks change.
 */
function useLandmarkFlips(
  model: Model,
  viewers: readonly SyncViewer[],
  landmarks: ReadonlyMap<string, BlockLandmarks | null>,
) {
  const applied = useRef(new WeakMap<BlockLandmarks, Set<string>>());
  useEffect(() => {
    for (const viewer of viewers) {
      const block = viewer.blockId ? landmarks.get(viewer.blockId) : undefined;
      if (!block) continue;
      const done = applied.current.get(block) ?? new Set<string>();
      applied.current.set(block, done);
      const key = `${viewer.viewerId}:${viewer.slideId}`;
      if (done.has(key)) continue;
      done.add(key);
      const isFlipped = landmarkFlipOf(block, viewer.slideId);
      if (isFlipped !== null && isFlipped !== viewer.isFlipped) flipTab(model, viewer.viewerId, isFlipped);
    }
  }, [model, viewers, landmarks]);
}

function blockSummaryOf(
  viewers: readonly SyncViewer[],
  landmarks: ReadonlyMap<string, BlockLandmarks | null>,
  blockSlides: ReadonlyMap<string, readonly string[]>,
): string | null {
  const blocks = new Set(viewers.filter((v) => v.isDisplayed).map((v) => v.blockId));
  const [blockId] = blocks;
  if (blocks.size !== 1 || !blockId) return null;
  const count = blockSlides.get(blockId)?.length;
  const stored = landmarks.get(blockId);
  const withLandmarks = stored
    ? stored.slides.filter((s) => landmarkFlipOf(stored, s.slideId) !== null).length
    : 0;
  const slides = count === undefined ? '' : ` · ${count} slide${count === 1 ? '' : 's'}`;
  const marked =
    stored === undefined ? '' : ` · ${withLandmarks ? `landmarks on ${withLandmarks}` : 'no landmarks yet'}`;
  return `Block ${blockId}${slides}${marked}`;
}
