/** The viewer's reads: a slide's details with its imageInfo, and the URL of each of its tiles. */
import { useQuery } from '@tanstack/react-query';
import { NO_EQUALIZATION } from '@tessera/domain';
import { slides, tiles } from '@tessera/contract';
import { call, pathOf } from './client.ts';
import { queryKeys } from './queries.ts';

export function useSlideDetails(projectId: string, slideId: string) {
  return useQuery({
    queryKey: queryKeys.slideDetails(projectId, slideId),
    queryFn: ({ signal }) => call(slides.getSlideDetails, { params: { projectId, slideId }, signal }),
  });
}

/**
 * The tile URL of spec 2 §7 on the original image's pyramid (imageInfo.tileLevels). JPEG: every browser
 * decodes it, and a slide stored as JPEG tiles is answered with its stored bytes (no re-encoding), where
 * WebP would cost the server an encode per tile.
 */
export function tileUrlOf(projectId: string, slideId: string, fileName: string) {
  return (z: number, x: number, y: number) =>
    pathOf(
      tiles.getTile,
      { projectId, slideId, equalization: NO_EQUALIZATION, z: String(z), x: String(x), y: String(y) },
      { iccApply: 'false', fileName, format: 'jpeg' },
    );
}
