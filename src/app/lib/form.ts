import type { z } from 'zod';

/** Validates Mantine form values with a shared zod schema: the same rule as the server's, written once. */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return errors;
  };
}

/** Server field errors (400 with errors) land on the form fields they name. */
export function fieldErrors(error: unknown): Record<string, string> {
  return ((error as { body?: { errors?: Record<string, string> } })?.body?.errors ?? {}) as Record<string, string>;
}
