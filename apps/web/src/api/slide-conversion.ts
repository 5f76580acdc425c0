/**
 * A slide's conversion into its optimized pyramid ("optimized for viewing", issue #10 point 10): read
 * from the slide details, polled every 5 s while it is queued or running (spec 2 "Conversion polling"),
 * and a failed one queued again (slideUpload).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { slides, type SlideConversion } from '@tessera/contract';
import { call } from './client.ts';

/** Spec 2 §9: slide details are polled every 5 s until the conversion is done. */
export const CONVERSION_POLL_MS = 5000;

const conversionKey = (projectId: string, slideId: string) =>
  ['slide-conversion', projectId, slideId] as const;

/** Whether a conversion is still to finish (queued or running): the details are polled meanwhile. */
export const isConversionRunning = (status: string | undefined): boolean =>
  status === 'Queued' || status === 'Converting';

export function useSlideConversion(projectId: string, slideId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: conversionKey(projectId, slideId),
    queryFn: async ({ signal }) =>
      (await call(slides.getSlideDetails, { params: { projectId, slideId }, signal })).conversion,
    enabled: isEnabled,
    refetchInterval: (query) => (isConversionRunning(query.state.data?.status) ? CONVERSION_POLL_MS : false),
  });
}

export function useRetryConversion(projectId: string, slideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(slides.retrySlideConversion, { params: { projectId, slideId } }),
    onSuccess: (conversion: SlideConversion) =>
      client.setQueryData(conversionKey(projectId, slideId), conversion),
  });
}

/** 'Optimizing for viewing… 40 %': the share of tiles written over every level and channel. */
export function conversionLabel(conversion: SlideConversion): string {
  const total = conversion.counts.reduce((n, c) => n + c.total, 0);
  const done = conversion.counts.reduce((n, c) => n + c.converted, 0);
  switch (conversion.status) {
    case 'Converted':
      return 'Optimized for viewing';
    case 'Failed':
      return 'Optimization failed';
    case 'Queued':
      return 'Waiting to be optimized for viewing';
    case 'Converting':
      return total > 0
        ? `Optimizing for viewing… ${Math.floor((done / total) * 100)} %`
        : 'Optimizing for viewing…';
    default:
      return 'Not optimized for viewing yet';
  }
}
