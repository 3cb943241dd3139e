import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, type MaterialData } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { ItemRow } from './views.ts';

export interface MaterialInput {
  copy?: string;
  files?: Array<{ s3Key: string; fileName: string; fileType: string; size: number }>;
  links?: string[];
}

/**
 * The material to store: the copy sanitised, and only files that were uploaded for this item (a key of
 * another item, or one the server never issued, is refused).
 */
export async function normaliseMaterial(
  db: DbOrTx,
  item: ItemRow,
  input: MaterialInput | undefined,
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
      .select({ key: files.s3Key })
      .from(files)
      .where(and(eq(files.itemId, item.id), inArray(files.s3Key, keys)));
    const knownKeys = new Set(known.map((r) => r.key));
    const missing = keys.filter((k) => !knownKeys.has(k));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION',
        "El campo 'materialData.files' contiene archivos que no pertenecen a esta pieza",
        [{ field: 'materialData.files', message: `Archivos desconocidos: ${missing.join(', ')}` }],
      );
    }
  }
  return material;
}
