/**
 * transfer-annotations (spec 1 §7 "Submit transfer job", type TransferAnnotations): writes each slide's
 * annotation sets as QuPath GeoJSON files into a folder of the transfer area (modules/transfers). A
 * rerun writes them anew.
 */
import { defineJobKind } from './job-kind.ts';
import { runTransfer, TransferPayload } from '../modules/transfers/transfer-run.ts';

export const transferAnnotationsJob = defineJobKind({
  name: 'transfer-annotations',
  payload: TransferPayload,
  handle: (plan, ctx) => runTransfer('TransferAnnotations', plan, ctx),
});
