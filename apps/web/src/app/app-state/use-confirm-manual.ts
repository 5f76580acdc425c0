/**
 * Confirming the user manual (spec 1 §2): on success the page reloads, so every query that failed
 * with USER_MANUAL_NOT_READ starts again from a clean slate.
 */
import { useMutation } from '@tanstack/react-query';
import { app } from '@tessera/contract';
import { call } from '../../api/client.ts';

export function useConfirmManual() {
  return useMutation({
    mutationFn: () => call(app.confirmManualRead),
    onSuccess: () => window.location.reload(),
  });
}
