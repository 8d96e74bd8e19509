import { z } from 'zod';

/** `POST /api/newsletter` body. Source: spec/shopping.md §5 "Newsletter: email required and must be an email". */
export const newsletterInputSchema = z.object({
  email: z.string().trim().min(1, { message: 'Email address is required.', abort: true }).max(190).email('Please enter a valid email address'),
  source: z.string().trim().max(200).optional(),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;
