/** zod issues as the one-line message of 400 VALIDATION_ERROR: `[body.email] Invalid email address; …`. */
import type { z } from 'zod';

export function formatValidationIssues(where: 'body' | 'query', issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 10)
    .map((issue) => {
      const path = [where, ...issue.path.map(String)].join('.');
      return `[${path}] ${issue.message}`;
    })
    .join('; ');
}
