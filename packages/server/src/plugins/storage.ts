import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getOrCreateSetting, randomSecret } from '../lib/settings.ts';
import { createLocalDriver, loadS3Driver, type StorageDriver } from '../services/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
    /** Removes stored files of a deleted portfolio (the storage driver decides how). */
    onPortfolioDeleted: (fileKeys: string[]) => Promise<void>;
  }
}

export type LocalDriver = ReturnType<typeof createLocalDriver>;

/** The local folder's driver, which serves its own upload and download routes (routes/storage); none for S3. */
export function localDriverOf(storage: StorageDriver): LocalDriver | undefined {
  // Only createLocalDriver makes a driver of kind 'local'.
  return storage.kind === 'local' ? (storage as LocalDriver) : undefined;
}

/** Where uploads live: a local folder under DATA_DIR, or an S3-compatible bucket (S3_BUCKET). */
export const storagePlugin = fp(uploads, {
  name: 'crw-storage',
  dependencies: ['crw-core', 'crw-health'],
  decorators: { fastify: ['env', 'db', 'health'] },
});

async function uploads(app: FastifyInstance) {
  const { env, db, health } = app;
  const storage: StorageDriver = env.S3_BUCKET
    ? (await loadS3Driver()).createS3Driver({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : createLocalDriver({
        root: resolve(env.dataDir, 'uploads'),
        secret: await getOrCreateSetting(db, 'storage_secret', randomSecret),
        publicUrl: env.PUBLIC_URL,
      });
  app.decorate('storage', storage);
  // A local folder is checked each time the health check runs; an S3 bucket at most twice a minute.
  health.setProbe('storage', () => storage.ping(), { ttlMs: storage.kind === 's3' ? 30_000 : 1_000 });
  app.decorate('onPortfolioDeleted', (keys: string[]) => storage.delete(keys));
}
