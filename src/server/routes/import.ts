import type { Db } from '@/server/db/client';
import { found, HttpError } from '@/server/errors';
import { route } from '@/server/http/route';
import { previewImport, runImport } from '@/server/import/import-enrollments';
import { ImportFileError, readImportFile } from '@/server/import/read-import-file';
import { asAdmin } from '@/server/repositories/admin-writes';
import { batchExists } from '@/server/repositories/enrollments-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

const tooLarge = () => new HttpError(413, MESSAGES.import.tooLarge(IMPORT_MAX_MB));

/**
 * CSV import of enrollments into a batch: the body is the file (text/csv). `?dryRun=true` checks every row
 * and says what would happen; without it the valid rows are imported in one transaction.
 */
export function importRoutes(app: FastifyInstance, db: Db) {
  // The file stays bytes until the import decodes it (it refuses anything but UTF-8 itself). Any other route
  // sent CSV gets these bytes as its body, which its schema refuses with a 400, within the server's 1 MB:
  // only the import route raises its own limit.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  route(
    app,
    API.importEnrollments,
    async ({ params: { id }, query: { dryRun } }, request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, MESSAGES.import.notCsv);
      found(await batchExists(db, id), 'Batch');
      const rows = readFile(request.body);
      if (dryRun) return previewImport(db, rows);
      // One activity entry per imported enrollment, action `import`, in the import's transaction.
      return asAdmin(db, request.admin, (tx) => runImport(tx, id, rows), 'import');
    },
    {
      bodyLimit: IMPORT_MAX_BYTES,
      // A file announced as too large is refused before a byte of it is read.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
      },
      errorHandler: (error) => {
        // A body that grew past the limit without announcing its length: the same sentence. No content type:
        // say what to send (the app's handler would ask for JSON).
        const { statusCode, code } = error as { statusCode?: number; code?: string };
        if (statusCode === 413) throw tooLarge();
        if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError(400, MESSAGES.import.notCsv);
        throw error;
      },
    },
  );
}

/** The file's rows; a file refused as a whole is a 400 whose field error names the file. */
function readFile(body: Buffer) {
  try {
    return readImportFile(body);
  } catch (error) {
    if (error instanceof ImportFileError) throw new HttpError(400, error.message, { file: error.message });
    throw error;
  }
}
