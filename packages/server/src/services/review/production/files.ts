import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { files, itemVersions } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Actor } from '../../../policy.ts';
import {
  allowedTypes,
  makeKey,
  PRESIGN_SECONDS,
  type StorageDriver,
  tooLargeMessage,
} from '../../storage/index.ts';
import { assertNotApproved, type ItemAccess } from './access.ts';
import type { ItemRow } from './views.ts';

export interface UploadRequest {
  fileName: string;
  fileType: string;
  /**
   * The exact size in bytes, when known: the signed URL accepts that many and no more. Without it the store
   * takes up to UPLOAD_MAX_BYTES (local), and the stored size is read before the file joins a version
   * (`normaliseMaterial`).
   */
  size?: number;
}

/** Where uploads are stored and their limit: what a file joining a version is checked against. */
export interface UploadStore {
  storage: StorageDriver;
  maxBytes: number;
}

/**
 * Issues a signed URL for one new object under the item (a fresh key every time) and records the file. Its
 * recorded size is the declared one until the file joins a version, when it becomes the stored object's.
 */
export async function issueUpload(
  db: Db,
  storage: StorageDriver,
  maxBytes: number,
  actor: Actor,
  item: ItemRow,
  request: UploadRequest,
) {
  assertNotApproved(item);
  const { fileName, fileType, size } = request;
  if (!allowedTypes.has(fileType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Tipo de archivo no permitido: ${fileType}`);
  if (size !== undefined && size > maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(maxBytes, fileName));
  const s3Key = makeKey(item.id, fileName);
  const presigned = await storage.presignPut(s3Key, {
    contentType: fileType,
    size,
    expiresIn: PRESIGN_SECONDS,
  });
  await db.insert(files).values({
    itemId: item.id,
    s3Key,
    fileName,
    fileType,
    size: size ?? null,
    uploadedBy: actor.id,
  });
  return { url: presigned.url, headers: presigned.headers, s3Key, expiresAt: presigned.expiresAt };
}

/** Whether a key belongs to a version that was sent to the client. */
async function sentToClient(db: DbOrTx, itemId: string, key: string) {
  const versions = await db
    .select({ material: itemVersions.materialData })
    .from(itemVersions)
    .where(and(eq(itemVersions.itemId, itemId), isNotNull(itemVersions.sentToClientAt)));
  return versions.some((v) => v.material.files.some((f) => f.s3Key === key));
}

/** A signed download for a file of the item; a client only for files of versions sent to it. */
export async function downloadUrl(db: DbOrTx, storage: StorageDriver, access: ItemAccess, s3Key: string) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.itemId, access.item.id), eq(files.s3Key, s3Key)));
  if (!file) throw notFound('file');
  if (!access.internal && !(await sentToClient(db, access.item.id, s3Key))) throw notFound('file');
  return storage.presignGet(file.s3Key, { expiresIn: PRESIGN_SECONDS, fileName: file.fileName });
}
