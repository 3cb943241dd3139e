import { allowedTypes } from './driver.ts';

/**
 * What an upload may be on this server: its largest size (UPLOAD_MAX_BYTES) and the accepted types (the storage
 * allow-list). The app reads them (GET /api/settings/uploads) instead of keeping its own copy.
 */
export const uploadSettings = (env: { UPLOAD_MAX_BYTES: number }) => ({
  maxBytes: env.UPLOAD_MAX_BYTES,
  types: [...allowedTypes],
});
