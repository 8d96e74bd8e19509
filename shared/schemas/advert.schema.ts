import { z } from 'zod';

/** Advert as the API answers it. Source: spec/accounts-and-shell.md §3 "Advert". */
export interface AdvertView {
  id: number;
  image: string | null;
  description: string | null;
  link_url: string;
  date_from: string;
  date_to: string;
  active: boolean;
  status_id: number;
}

const date = (field: string) =>
  z
    .string({ message: `The ${field} is required.` })
    .min(1, `The ${field} is required.`)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), `The ${field} is not a valid date.`)
    .transform((v) => new Date(v));

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Operator's create/edit form (multipart: fields + optional `image` file). */
export const advertInputSchema = z
  .object({
    description: z.string().trim().min(3, 'The description must be at least 3 characters.').max(300),
    date_from: date('start date'),
    date_to: date('end date'),
    active: flag.optional().default(true),
    link_url: z
      .string()
      .trim()
      .regex(/^\/[^\s]*$/, 'The link must be a path on this site, such as /register-bid.')
      .optional(),
  })
  .refine((v) => !(v.date_to instanceof Date && v.date_from instanceof Date) || v.date_to.getTime() > v.date_from.getTime(), {
    message: 'The end date must be after the start date.',
    path: ['date_to'],
  });
export type AdvertInput = z.infer<typeof advertInputSchema>;

/** Partial edit. */
export const advertPatchSchema = z.object({
  description: z.string().trim().min(3, 'The description must be at least 3 characters.').max(300).optional(),
  date_from: date('start date').optional(),
  date_to: date('end date').optional(),
  active: flag.optional(),
  link_url: z
    .string()
    .trim()
    .regex(/^\/[^\s]*$/, 'The link must be a path on this site, such as /register-bid.')
    .optional(),
});
