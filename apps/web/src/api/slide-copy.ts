/** Copy slides (spec 1 §7 "Submit copy slides job"): the submission. */
import { slideCopy } from '@tessera/contract';
import { call } from './client.ts';

export const submitCopySlides = (projectId: string, body: slideCopy.CopySlidesRequest) =>
  call(slideCopy.copySlides, { params: { projectId }, body });
