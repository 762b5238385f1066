import type { z } from 'zod';

/** Friendly text for the first problem zod found, e.g. "email: Invalid email address". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unexpected field: ${issue.keys.join(', ')}`;
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
