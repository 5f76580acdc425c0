/**
 * transfer-slides (spec 1 §7 "Submit transfer job", type TransferSlides): writes the slides' original
 * files into a folder of the transfer area (modules/transfers). A rerun after a lost worker goes on:
 * files written before are found there whole and left.
 */
import { defineJobKind } from './job-kind.ts';
import { runTransfer, TransferPayload } from '../modules/transfers/transfer-run.ts';

export const transferSlidesJob = defineJobKind({
  name: 'transfer-slides',
  payload: TransferPayload,
  handle: (plan, ctx) => runTransfer('TransferSlides', plan, ctx),
});
