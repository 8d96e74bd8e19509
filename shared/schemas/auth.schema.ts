import { z } from 'zod';

/** Public user shape. Source: spec/accounts-and-shell.md §3 "User". */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  image: string | null;
  is_customer: boolean;
  roles: { name: string }[];
  permissions: string[];
}

/** `POST /api/login` body. */
export const tokenLoginInputSchema = z.object({
  email: z.string().trim().min(1, { message: 'Email address is required.', abort: true }).email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required.'),
  device_name: z.string().max(100).optional(),
  /** Human verification, as `POST /login` requires (issue 18). */
  'g-recaptcha-response': z.string().optional().nullable(),
});

/** `POST /login` body (session). Source: spec/accounts-and-shell.md §3 "Login payload". */
export const sessionLoginInputSchema = z.object({
  username: z.string().trim().min(1, { message: 'Email address is required.', abort: true }).email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required.'),
  remember: z.coerce.boolean().optional().default(false),
  redirect: z.string().max(2000).optional().nullable(),
  'g-recaptcha-response': z.string().optional().nullable(),
});

/** `POST /api/register` body. Source: spec/accounts-and-shell.md §3, §5. */
export const registerInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    email: z.string().trim().min(1, { message: 'Email address is required.', abort: true }).email('Please enter a valid email address').max(190),
    phone: z.string().trim().min(1, 'Phone number is required.').max(40),
    password: z.string().min(4, 'Password must be at least 4 characters long.').max(200),
    password_confirmation: z.string(),
    accept_terms: z.coerce.boolean().optional(),
    accept_marketing: z.coerce.boolean().optional(),
    'g-recaptcha-response': z.string().optional().nullable(),
    /** Also start a cookie session (remember false): the registration page's automatic sign-in. */
    start_session: z.boolean().optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords do not match.',
    path: ['password_confirmation'],
  });
export type RegisterInput = z.infer<typeof registerInputSchema>;
