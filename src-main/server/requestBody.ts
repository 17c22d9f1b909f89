// Validates a request body with a zod schema into the API's BAD_REQUEST error with every problem listed.
import type { z } from 'zod';
import { formatIssuePath } from '@shared/model/issuePath';
import { BadRequestError } from '@shared/errors';

export function parseRequestBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('the request body must be a JSON object');
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as z.infer<S>;
  const errors = parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
  const first = errors[0];
  throw new BadRequestError(
    first ? `${first.path === '' ? 'body' : first.path}: ${first.message}` : 'invalid request body',
    { errors },
  );
}
