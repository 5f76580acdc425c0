/** Transfer (spec 1 §7 "Submit transfer job"): the transfer area's folders, and the submission. */
import { useQuery } from '@tanstack/react-query';
import { transfers } from '@tessera/contract';
import { call } from './client.ts';

export function useTransferFolders(projectId: string, path: string) {
  return useQuery({
    queryKey: ['projects', projectId, 'transfer-folders', path],
    queryFn: ({ signal }) =>
      call(transfers.listTransferFolders, { params: { projectId }, query: { path }, signal }),
    staleTime: 0,
  });
}

export const submitTransfer = (projectId: string, body: transfers.TransferRequest) =>
  call(transfers.submitTransfer, { params: { projectId }, body });
