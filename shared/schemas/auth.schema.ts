import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../messages/accounts.js';

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

/** 'Passwords do not match.' under the confirmation. */
const passwordsMatch = {
  check: (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation,
  params: { message: M.passwordsDoNotMatch, path: ['password_confirmation'] },
};

/**
 * The registration fields the server and the form check alike: email (required, then an email
 * address), phone (required), password (required, then 4+ characters), its confirmation.
 * Texts: spec/accounts-and-shell.md §5 "Registration (modal)".
 */
const registrationFields = {
  email: z.string().trim().min(1, { message: M.emailRequired, abort: true }).email('Please enter a valid email address').max(190),
  phone: z.string().trim().min(1, M.phoneRequired).max(40),
  password: z.string().min(1, { message: M.passwordRequired, abort: true }).min(4, M.passwordTooShort).max(200),
  password_confirmation: z.string(),
};

/** `POST /api/register` body. Source: spec/accounts-and-shell.md §3, §5. */
export const registerInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    ...registrationFields,
    accept_terms: z.coerce.boolean().optional(),
    accept_marketing: z.coerce.boolean().optional(),
    'g-recaptcha-response': z.string().optional().nullable(),
    /** Also start a cookie session (remember false): the registration page's automatic sign-in. */
    start_session: z.boolean().optional(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type RegisterInput = z.infer<typeof registerInputSchema>;

/**
 * The registration form as a person fills it (the modal and the /register page): first and last
 * name apart (sent joined as `name`), the fields of {@link registerInputSchema}, and the terms,
 * which must be accepted ('You must accept the terms and conditions.'; the modal does not send
 * them, so only the form checks them). Source: spec/accounts-and-shell.md §5 "Registration".
 */
export const registrationFormSchema = z
  .object({
    first_name: z.string().trim().min(1, M.firstNameRequired),
    last_name: z.string().trim().min(1, M.lastNameRequired),
    ...registrationFields,
    accept_terms: z.boolean().refine((accepted) => accepted, M.acceptTerms),
    accept_marketing: z.boolean(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
