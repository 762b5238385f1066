import type { RequestHandler } from 'express';
import type { z } from 'zod';

/** Friendly text for the first problem zod found, e.g. "email: Invalid email address". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unexpected field: ${issue.keys.join(', ')}`;
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Validates the JSON body against a zod schema; on failure 400 {message} and the handler never runs. */
export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) {
      res.status(400).json({ message: describeIssue(result.error) });
      return;
    }
    req.body = result.data;
    next();
  };
}
