import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { importResultSchema, type ImportResult } from '@shared/schemas/catalogue-import.schema';
import { ApiError, apiGet, apiSendForm } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';

/**
 * `POST /api/admin/lots/import` (multipart `file`, `images[]`, `dry_run`): the preview (`dryRun`)
 * or the import. A refused import (rows in error) rejects with {@link ImportRefused}, carrying
 * every row's result when the server sent it. Source: issue 13 "Catalogue import and export".
 */
export async function importCatalogue(csv: File, pictures: readonly File[], dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', csv, csv.name);
  for (const p of pictures) form.append('images[]', p, p.name);
  if (dryRun) form.append('dry_run', '1');
  try {
    return importResultSchema.parse(await apiSendForm('POST', '/api/admin/lots/import', form));
  } catch (err) {
    if (err instanceof ApiError) {
      const body = err.body as { result?: unknown; errors?: Record<string, string[]> } | null;
      const result = importResultSchema.safeParse(body?.result);
      throw new ImportRefused(err.message, result.success ? result.data : null, Object.values(body?.errors ?? {}).flat());
    }
    throw err;
  }
}

/** An import the server refused: its message, every row's result (when rows were read) and the messages. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly result: ImportResult | null,
    readonly messages: string[],
  ) {
    super(message);
  }
}

/** The sales an export may be limited to (`GET /api/admin/sales`): id and name, newest first. */
export async function getSaleNames(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const body = z
    .object({ data: z.array(z.object({ id: z.number(), name: z.string() }).loose()) })
    .parse(await apiGet('/api/admin/sales', undefined, { withCsrf: true, signal }));
  return body.data.map((s) => ({ id: s.id, name: s.name }));
}

/** Query keys of the catalogue import screen. */
export const catalogueImportKeys = {
  all: ['admin', 'catalogue-import'] as const,
  saleNames: () => [...catalogueImportKeys.all, 'sale-names'] as const,
};

/** The sales an export may be limited to, as a query. */
export const saleNamesQuery = () =>
  queryOptions({ ...operatorReadOptions, queryKey: catalogueImportKeys.saleNames(), queryFn: ({ signal }) => getSaleNames(signal) });

/**
 * The preview or the import ({@link importCatalogue}) as a mutation. Nothing cached here shows
 * lots; the lot and sale screens read theirs again when opened.
 */
export function useImportCatalogue() {
  return useMutation({
    mutationFn: ({ csv, pictures, dryRun }: { csv: File; pictures: readonly File[]; dryRun: boolean }) => importCatalogue(csv, pictures, dryRun),
  });
}
