import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses `input` with a zod schema.
 * @returns the parsed value.
 * @throws AppError 422 `{message, errors: {field: [text]}}` naming every failing field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  throw AppError.validation(errors);
}
