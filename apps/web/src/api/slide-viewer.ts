/** The viewer's reads: a slide's details with its imageInfo (polled while it converts), and its tile URLs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NO_EQUALIZATION } from '@tessera/domain';
import { slides, tiles } from '@tessera/contract';
import { call, pathOf } from './client.ts';
import { queryKeys } from './queries.ts';
import { CONVERSION_POLL_MS, isConversionRunning } from './slide-conversion.ts';

/** A slide's details, once (the open tabs' blocks are read from them: features/viewer/sync). */
export const slideDetailsQuery = (projectId: string, slideId: string) =>
  queryOptions({
    queryKey: queryKeys.slideDetails(projectId, slideId),
    queryFn: ({ signal }) => call(slides.getSlideDetails, { params: { projectId, slideId }, signal }),
  });

/**
 * Slide details, polled every 5 s while the slide's conversion is queued or running (spec 2 "Conversion
 * polling"): the viewer switches to the optimized pyramid when it is done.
 */
export function useSlideDetails(projectId: string, slideId: string, isEnabled = true) {
  return useQuery({
    ...slideDetailsQuery(projectId, slideId),
    enabled: isEnabled,
    refetchInterval: (query) =>
      isConversionRunning(query.state.data?.conversionStatus) ? CONVERSION_POLL_MS : false,
  });
}

/**
 * The tile URLs of spec 2 §7, with the equalization's key (equalizationKey; 'noeq' for none) in the path. JPEG: every browser decodes it, and a slide stored as JPEG tiles is
 * answered with its stored bytes (no re-encoding), where WebP would cost the server an encode per tile.
 */
export function tileUrlOf(
  projectId: string,
  slideId: string,
  fileName: string,
  equalization: string = NO_EQUALIZATION,
) {
  return (path: 'tile' | 'tile-converted', z: number, x: number, y: number, isIccApplied: boolean) =>
    pathOf(
      path === 'tile' ? tiles.getTile : tiles.getConvertedTile,
      { projectId, slideId, equalization, z: String(z), x: String(x), y: String(y) },
      { iccApply: String(isIccApplied), fileName, format: 'jpeg' },
    );
}

/** The channel tile URLs (tile/channels: a fluorescence tile's raw samples, which the viewer colours). */
export function channelTileUrlOf(projectId: string, slideId: string, fileName: string) {
  return (path: 'tile' | 'tile-converted', z: number, x: number, y: number) =>
    pathOf(
      path === 'tile' ? tiles.getChannelTile : tiles.getConvertedChannelTile,
      { projectId, slideId, z: String(z), x: String(x), y: String(y) },
      { fileName },
    );
}
