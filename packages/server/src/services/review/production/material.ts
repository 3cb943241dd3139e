import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { files, type MaterialData } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { tooLargeMessage } from '../../storage/index.ts';
import type { UploadStore } from './files.ts';
import type { ItemRow } from './views.ts';

export interface MaterialInput {
  copy?: string;
  files?: Array<{ s3Key: string; fileName: string; fileType: string; size: number }>;
  links?: string[];
}

type FileRow = typeof files.$inferSelect;

/**
 * The stored object's size for a file joining a version, recorded on its row. An object over the limit (an
 * S3 upload signed without a size can be any length) is deleted and refused; a missing one is refused.
 */
async function storedSize(db: DbOrTx, uploads: UploadStore, row: FileRow): Promise<number> {
  const stored = await uploads.storage.head(row.s3Key);
  if (!stored)
    throw new AppError(
      'CONFLICT',
      `El archivo «${row.fileName}» no está en el almacenamiento: súbelo de nuevo antes de guardar el material`,
    );
  if (stored.size > uploads.maxBytes) {
    await uploads.storage.delete([row.s3Key]);
    throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(uploads.maxBytes, row.fileName));
  }
  if (row.size !== stored.size) await db.update(files).set({ size: stored.size }).where(eq(files.id, row.id));
  return stored.size;
}

/**
 * The material to store: the copy sanitised, and only files that were uploaded for this item (a key of
 * another item, or one the server never issued, is refused). A file joining the material (one the item's
 * current material does not have) is checked against the store with `uploads`: its size, in the material
 * and on its row, is the stored object's. Without `uploads` (a caller that writes no new files, such as an
 * agent's copy), a new file is taken only if its size was declared and signed into its upload.
 */
export async function normaliseMaterial(
  db: DbOrTx,
  item: ItemRow,
  input: MaterialInput | undefined,
  uploads?: UploadStore,
): Promise<MaterialData> {
  const current = item.materialData;
  const material: MaterialData = {
    copy: input?.copy !== undefined ? sanitizeRichText(input.copy) : current.copy,
    files: input?.files ?? current.files,
    links: input?.links ?? current.links,
  };
  const keys = material.files.map((f) => f.s3Key);
  if (keys.length > 0) {
    const known = await db
      .select()
      .from(files)
      .where(and(eq(files.itemId, item.id), inArray(files.s3Key, keys)));
    const rowByKey = new Map(known.map((r) => [r.s3Key, r]));
    const missing = keys.filter((k) => !rowByKey.has(k));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION',
        "El campo 'materialData.files' contiene archivos que no pertenecen a esta pieza",
        [{ field: 'materialData.files', message: `Archivos desconocidos: ${missing.join(', ')}` }],
      );
    }
    // A file the material already has keeps the size it was checked with; a new one is checked now.
    const sizes = new Map(current.files.map((f) => [f.s3Key, f.size]));
    for (const key of new Set(keys)) {
      if (sizes.has(key)) continue;
      const row = rowByKey.get(key)!;
      if (uploads) sizes.set(key, await storedSize(db, uploads, row));
      else if (row.size !== null) sizes.set(key, row.size);
      else
        throw new AppError(
          'CONFLICT',
          `El archivo «${row.fileName}» aún no se ha comprobado en el almacenamiento: guarda el material desde la pieza`,
        );
    }
    material.files = material.files.map((f) => {
      const size = sizes.get(f.s3Key);
      return size === undefined ? f : { ...f, size };
    });
  }
  return material;
}

/**
 * Whether two materials are the same version's content: the stored (sanitised) copy, the files (key, name,
 * type and size, in order) and the links (in order). Sending the same material again reuses its version.
 */
export function sameMaterial(a: MaterialData, b: MaterialData): boolean {
  const file = (f: MaterialData['files'][number]) => [f.s3Key, f.fileName, f.fileType, f.size].join('\u0000');
  return (
    a.copy === b.copy &&
    a.files.length === b.files.length &&
    a.files.every((f, i) => file(f) === file(b.files[i]!)) &&
    a.links.length === b.links.length &&
    a.links.every((l, i) => l === b.links[i])
  );
}
