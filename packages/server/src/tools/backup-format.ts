/** What a backup folder holds (written by `npm run backup`, read by `npm run restore`). */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export interface Manifest {
  format: 1;
  database: 'pglite' | 'postgres';
  /** The dump's file in the backup folder. */
  dump: string;
  createdAt: string;
  /** PostgreSQL's version (server_version) for a PostgreSQL dump. */
  serverVersion?: string;
  /** 'local': the folder `uploads/` holds the files; 's3': the bucket is backed up by its own means. */
  uploads: 'local' | 's3';
  files: number;
  bytes: number;
  sha256: string;
}

export async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
