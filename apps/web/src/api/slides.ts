/** Query hooks of the slides feature: the project's slides and their thumbnails. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { slides } from '@tessera/contract';
import { call, callForBlob } from './client.ts';
import { queryKeys } from './queries.ts';

export function useSlides(projectId: string) {
  return useQuery({
    queryKey: queryKeys.slides(projectId),
    queryFn: ({ signal }) => call(slides.listSlides, { params: { projectId }, signal }),
  });
}

/**
 * A slide's thumbnail as an object URL (the image needs the bearer token, which an <img src> cannot
 * send). The <img> revokes it once loaded (`revokeThumbnailUrl`): the decoded picture stays on screen.
 */
export function useSlideThumbnailUrl(
  projectId: string,
  slideId: string,
): { url: string | null; isError: boolean } {
  const thumbnail = useQuery({
    queryKey: queryKeys.slideThumbnail(projectId, slideId),
    queryFn: ({ signal }) =>
      callForBlob(slides.getSlideThumbnail, {
        params: { projectId, slideId },
        query: { format: 'jpeg' },
        signal,
      }),
    staleTime: Infinity,
  });
  const url = useMemo(() => (thumbnail.data ? URL.createObjectURL(thumbnail.data) : null), [thumbnail.data]);
  return { url, isError: thumbnail.isError };
}

export const revokeThumbnailUrl = (event: { currentTarget: HTMLImageElement }): void =>
  URL.revokeObjectURL(event.currentTarget.src);
