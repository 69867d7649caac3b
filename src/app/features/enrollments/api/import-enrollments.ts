import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { pullWrittenRows } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import type { ImportReply } from '@/shared/schemas';

/** Up to 50 MB to send and 50,000 rows to write: minutes on a slow line, not the default 30 s. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export interface ImportVariables {
  batchId: string;
  file: File;
  dryRun: boolean;
}

/**
 * Checks (dryRun) or imports a CSV file into a batch. The dialog says what happened, so no toast (silent).
 * An import's reply carries outcomes, not records: the new enrollments come with the pull that follows, and
 * the mutation ends once they are on screen.
 */
export function useImportEnrollments() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ batchId, file, dryRun }: ImportVariables) =>
      apiCall<ImportReply>(API_ROUTES.importEnrollments, {
        params: { id: batchId },
        query: dryRun ? 'dryRun=true' : undefined,
        // The bytes as they are (at most 50 MB): the server checks the encoding itself.
        upload: { contentType: 'text/csv', data: new Uint8Array(await file.arrayBuffer()) },
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    onSuccess: async (reply) => {
      if (!reply.dryRun && reply.counts.ready > 0) await pullWrittenRows().catch(() => {});
    },
  });
}
