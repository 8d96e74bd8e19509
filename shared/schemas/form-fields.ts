import { z } from 'zod';

/**
 * Field rules shared by the operators' forms (lots, sales): what a cleared field means and the
 * messages of text and date fields. Source: issue 13 ("one shared zod schema" per form).
 */

/** Empty text (a cleared form field) is the same as null. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional text of at most `max` characters, trimmed; blank is null. Messages name the field by `label`. */
export const formText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `The ${label} must be text.` })
      .trim()
      .max(max, `The ${label} may not be longer than ${max} characters.`)
      .nullable(),
  );

/** An optional date and time (anything `Date` reads, e.g. ISO 8601) as a `Date`; blank is null. */
export const formDateTime = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `The ${label} must be a date and time.` })
      .refine((v) => !Number.isNaN(new Date(v).getTime()), `The ${label} is not a valid date and time.`)
      .transform((v) => new Date(v))
      .nullable(),
  );
