/**
 * A viewer's immunofluorescence display (spec 2 §3 per-viewer `ifConfig` and channel view state): the
 * equalization its tiles are drawn with — the panel's draft while it is open, else the slide's effective
 * preset — split into channels or combined, in colour or grayscale. Brightfield slides have no preset
 * (the server answers none) and draw without equalization.
 */
import { useMemo, useState } from 'react';
import {
  applyToAllSlideIds,
  channelTileLayout,
  displayPresetOf,
  equalizationKey,
  NO_EQUALIZATION,
  presetToTileEqualization,
  type EqualizationChannelInfo,
  type EqualizationPreset,
  type TileEqualization,
} from '@tessera/domain';
import type { SlideDetails } from '@tessera/contract';
import type { SlideList } from '../../../api/slide-list.ts';
import { useEffectivePreset } from '../equalization/index.ts';

export type Fluorescence = ReturnType<typeof useFluorescence>;

export function useFluorescence(
  projectId: string,
  slideId: string,
  slide: SlideDetails | undefined,
  list: SlideList | undefined,
) {
  const effective = useEffectivePreset(projectId, slideId);
  const [draft, setDraft] = useState<EqualizationPreset | null>(null);
  const [isSplit, setSplit] = useState(false);
  const [isGrayscale, setGrayscale] = useState(false);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const preset = (isPanelOpen ? draft : null) ?? effective?.preset ?? null;
  const channels = useMemo(() => channelInfosOf(slide), [slide]);
  const isFluorescence = slide?.imageInfo.kind === 'fluorescence';

  /** The equalization of the combined view, or of channel `only` of the split grid; null for none. */
  const equalizationOf = (only?: number): TileEqualization | null =>
    preset ? presetToTileEqualization(displayPresetOf(preset, { isGrayscale, only }), channels) : null;
  /** Its key in the tile path. */
  const keyOf = (only?: number): string => {
    const equalization = equalizationOf(only);
    return equalization ? equalizationKey(equalization) : NO_EQUALIZATION;
  };
  // Where every channel has channel tiles, the viewer colours them itself (viewer/channel-layer.ts).
  const channelLayout = useMemo(
    () => (isFluorescence ? channelTileLayout(channels.map((c) => c.type)) : null),
    [isFluorescence, channels],
  );

  const sameAssaySlideIds = useMemo(
    () => (slide && list ? applyToAllSlideIds({ id: slide.id, assays: slide.assays }, list.slides) : null),
    [slide, list],
  );

  return {
    isFluorescence,
    /** Undefined while the slide's preset loads: the map waits, not to draw every tile twice. */
    isReady: effective !== undefined,
    channelNames: channels.map((c) => c.name),
    equalizationOf,
    keyOf,
    channelLayout,
    isSplit,
    setSplit,
    isGrayscale,
    setGrayscale,
    isPanelOpen,
    setPanelOpen: (open: boolean) => {
      setPanelOpen(open);
      if (!open) setDraft(null);
    },
    onPresetChange: setDraft,
    sameAssaySlideIds,
  };
}

/**
 * The slide's channels as the equalization rules know them (the server derives the same): min and max
 * are the display range, the limits of channels of non-integer types.
 */
function channelInfosOf(slide: SlideDetails | undefined): EqualizationChannelInfo[] {
  return (slide?.imageInfo.channels ?? []).map((c) => ({
    name: c.name,
    type: c.sampleType ?? 'unknown',
    min: c.min,
    max: c.max,
    color: c.color ? [c.color.r, c.color.g, c.color.b] : null,
  }));
}
