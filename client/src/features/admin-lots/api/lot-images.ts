import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_PICTURES_PER_UPLOAD, lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { ApiError, apiSend, fieldMessages, readCookie, refreshCsrfCookie } from '../../../lib/api-client';
import { storeLot } from './store-lot';

const answerSchema = z.object({ data: lotViewSchema });

/**
 * `POST /api/admin/lots/{id}/images` (multipart, each file as `images[]`) → the lot with its
 * pictures. Rejects with {@link ApiError}; a 422's messages (not a picture, over 40 megapixels or
 * 15 MB) are its message. Source: issue 13 "Lots (items)" (pictures).
 */
export async function uploadLotImages(id: number, files: readonly File[]): Promise<LotView> {
  if (!readCookie('XSRF-TOKEN')) await refreshCsrfCookie();
  const form = new FormData();
  for (const f of files) form.append('images[]', f, f.name);
  const send = () =>
    fetch(`/api/admin/lots/${id}/images`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '' },
    });
  let res = await send();
  if (res.status === 419) {
    await refreshCsrfCookie();
    res = await send();
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown; message?: string; errors?: Record<string, string[]> } | null;
  if (!res.ok || !body?.data) {
    const fields = fieldMessages(body);
    throw new ApiError(res.status, fields.length ? fields.join(' ') : (body?.message ?? 'The pictures could not be uploaded.'), body);
  }
  return answerSchema.parse(body).data;
}

/** `PATCH /api/admin/lots/{id}/images {order?, cover?}` → the lot with its pictures in the new order (the first is the cover). */
export async function arrangeLotImages(id: number, change: { order?: number[]; cover?: number }): Promise<LotView> {
  return answerSchema.parse(await apiSend('PATCH', `/api/admin/lots/${id}/images`, change)).data;
}

/** `DELETE /api/admin/lots/{id}/images/{imageId}` → the lot with its remaining pictures. */
export async function deleteLotImage(id: number, imageId: number): Promise<LotView> {
  return answerSchema.parse(await apiSend('DELETE', `/api/admin/lots/${id}/images/${imageId}`)).data;
}

/**
 * A lot's picture changes as mutations; each answer (every batch of an upload) goes into the
 * cache, so the lot's page shows it at once. `upload` sends the files {@link MAX_PICTURES_PER_UPLOAD} at a time.
 */
export function useLotPictureChanges(id: number) {
  const queryClient = useQueryClient();
  const store = (lot: LotView) => storeLot(queryClient, lot);
  const upload = useMutation({
    mutationFn: async (files: readonly File[]) => {
      for (let i = 0; i < files.length; i += MAX_PICTURES_PER_UPLOAD) store(await uploadLotImages(id, files.slice(i, i + MAX_PICTURES_PER_UPLOAD)));
    },
  });
  const arrange = useMutation({ mutationFn: (change: { order?: number[]; cover?: number }) => arrangeLotImages(id, change), onSuccess: store });
  const remove = useMutation({ mutationFn: (imageId: number) => deleteLotImage(id, imageId), onSuccess: store });
  return { upload, arrange, remove };
}
