import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/** `POST /api/newsletter {email, source}` → the server's thank-you message. Rejects with ApiError. */
export async function subscribeToNewsletter(email: string, source: string): Promise<string> {
  const body = z
    .object({ message: z.string().optional() })
    .passthrough()
    .parse(await apiSend('POST', '/api/newsletter', { email, source }));
  return body.message ?? 'Thank you for subscribing!';
}

/** Subscribes an address to the newsletter ({@link subscribeToNewsletter}); nothing cached changes. */
export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: ({ email, source }: { email: string; source: string }) => subscribeToNewsletter(email, source) });
}
