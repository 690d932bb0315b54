import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  intakeImportData,
  intakeImportJsonRequest,
  intakeImportMessages,
  MAX_IMPORT_BYTES,
} from '../../../shared/contracts/intake-import';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import { acceptOneFile } from '../../plugins/one-file-upload';
import { contextOf } from '../auth/request-context';
import { readCsvUpload } from './csv-upload';
import { importIntakeCsv } from './intake-import';

const importPath = `${defaultBasePaths.staff}/intake/import`;

/**
 * POST /api/staff/intake/import: an ECP's CSV of patients, as a multipart upload or as JSON
 * `{ csv }`. Multipart is registered in this scope only, so no other route accepts it; its
 * limits allow one file of at most 1 MB and a few small fields.
 */
export function ecpImportRoutes(app: FastifyInstance, { config, database, notifier }: AppDeps) {
  const deps = { db: database.db, notifier, publicUrl: config.publicUrl };
  // Loaded by app.ready() in buildApp, like every plugin; the route inherits the auth hooks.
  void app.register(async (scope) => {
    await acceptOneFile(scope, { maxBytes: MAX_IMPORT_BYTES, throwAtLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      importPath,
      {
        config: { access: ['ecp'] },
        // The JSON form carries the whole file (up to 1 MB) plus its escaping.
        bodyLimit: 2 * MAX_IMPORT_BYTES,
        schema: {
          tags: ['intake'],
          description:
            'JSON { csv } as documented, or multipart/form-data with one file part (text/csv or *.csv, at most 1 MB).',
          // Null for a multipart upload, which is read from the request stream below.
          body: intakeImportJsonRequest.nullish(),
          response: { 200: envelope(intakeImportData) },
        },
      },
      async (request, reply) => {
        const ecp = requireUser(request);
        let upload: { csv: string; format: 'multipart' | 'json' };
        if (request.isMultipart())
          upload = { csv: await readCsvUpload(request), format: 'multipart' };
        else if (request.body) upload = { csv: request.body.csv, format: 'json' };
        else throw fail.badRequest(intakeImportMessages.noFile);
        return sendData(reply, await importIntakeCsv(deps, contextOf(request), ecp.userId, upload));
      },
    );
  });
}
