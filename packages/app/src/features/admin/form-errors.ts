import { ApiError } from '@crw/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts a refused submit's message where it belongs: next to the field the server names in `details`
 * (through `fields`, server field → form field), else on the form as a whole (`root.server`).
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
  fields: Record<string, Path<T>> = {},
) {
  const message = error instanceof Error ? error.message : fallback;
  let placed = false;
  if (error instanceof ApiError) {
    for (const detail of error.details ?? []) {
      const field = detail.field ? fields[detail.field] : undefined;
      if (field) {
        setError(field, { type: 'server', message: detail.message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (!placed && error.code === 'EMAIL_TAKEN' && fields.email) {
      setError(fields.email, { type: 'server', message }, { shouldFocus: true });
      placed = true;
    }
  }
  if (!placed) setError('root.server', { type: 'server', message });
}
