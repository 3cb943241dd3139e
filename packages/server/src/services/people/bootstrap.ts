import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cycles, items, itemVersions, portfolios, users } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { addGrant, defaultPortfolioPermissions } from '../../policy.ts';
import { createPortfolio } from '../review/index.ts';
import { createUser, findActiveUserByEmail } from './users.ts';

export interface Credentials {
  email: string;
  password: string;
  role: string;
}

/** Any constant every instance agrees on: the lock that makes "the first admin" one admin. */
const FIRST_ADMIN_LOCK = 7_316_204_119;

/**
 * On an empty database, creates the first admin and answers its credentials. The password is answered only
 * when it was generated here: one the operator chose (ADMIN_PASSWORD) is never printed. Instances starting
 * at once on one new database take turns (a transaction-scoped advisory lock): one creates it, the others
 * then find a user and do nothing.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: Env,
): Promise<(Omit<Credentials, 'password'> & { password?: string }) | undefined> {
  const anyone = async (q: DbOrTx) =>
    ((await q.select({ n: count() }).from(users).where(isNull(users.deletedAt))) as [{ n: number }])[0].n > 0;
  if (await anyone(db)) return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if (await anyone(tx)) return undefined;
    const email = env.ADMIN_EMAIL ?? 'admin@example.com';
    const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    await createUser(tx, { email, name: 'Administración', role: 'admin', password });
    return { email, role: 'admin', ...(env.ADMIN_PASSWORD ? {} : { password }) };
  });
}

export const demoUsers = [
  { email: 'admin@demo.local', name: 'Ana Admin', role: 'admin', password: 'demo-admin-123' },
  { email: 'empleado@demo.local', name: 'Elena Empleada', role: 'employee', password: 'demo-empleado-123' },
  { email: 'cliente@demo.local', name: 'Carlos Cliente', role: 'client', password: 'demo-cliente-123' },
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Seeds one user per role and two portfolios with a current cycle and items. Idempotent. */
export async function seedDemo(db: Db): Promise<Credentials[]> {
  const ids: Record<string, string> = {};
  for (const u of demoUsers) {
    const existing = await findActiveUserByEmail(db, u.email);
    ids[u.role] = existing?.id ?? (await createUser(db, { ...u })).id;
  }
  const admin = { id: ids.admin!, role: 'admin' as const, permissions: [] };
  const specs = [
    {
      identifier: 'cafe-aurora',
      businessName: 'Café Aurora',
      pilares: ['Origen del café', 'Recetas', 'Comunidad'],
      angulos: ['Calidad', 'Sostenibilidad'],
      formatos: ['Reel', 'Carrusel', 'Historia'],
    },
    {
      identifier: 'estudio-nube',
      businessName: 'Estudio Nube',
      pilares: ['Casos de éxito', 'Consejos'],
      angulos: ['Ahorro de tiempo', 'Confianza'],
      formatos: ['Post', 'Vídeo'],
    },
  ];
  const today = new Date();
  for (const spec of specs) {
    let [p] = await db.select().from(portfolios).where(eq(portfolios.identifier, spec.identifier));
    if (!p) {
      const created = await createPortfolio(db, admin, {
        identifier: spec.identifier,
        accountData: { businessName: spec.businessName },
        productionCycleData: {
          pilaresContenido: spec.pilares,
          angulosVenta: spec.angulos,
          formatosCreativos: spec.formatos,
        },
      });
      [p] = await db.select().from(portfolios).where(eq(portfolios.id, created._id));
    }
    const portfolioId = p!.id;
    for (const role of ['employee', 'client'] as const) {
      await addGrant(db, ids[role]!, portfolioId, [...defaultPortfolioPermissions[role]]);
    }
    const [existingCycle] = await db.select().from(cycles).where(eq(cycles.portfolioId, portfolioId));
    if (existingCycle) continue;
    const start = new Date(today.getTime() - 3 * 86_400_000);
    const end = new Date(today.getTime() + 11 * 86_400_000);
    const [cycle] = await db
      .insert(cycles)
      .values({ portfolioId, startDate: isoDay(start), endDate: isoDay(end) })
      .returning();
    const statuses = ['draft', 'internal_review', 'client_review', 'approved'] as const;
    // A piece past the draft has been reviewed: it carries its first version (the client reviews the version
    // sent to it; a queue never shows «Versión 0»), as the workflow would have left it.
    const material = (title: string) => ({
      copy: `<p>${title}: texto de ejemplo para ${spec.businessName}.</p>`,
      files: [],
      links: [],
    });
    const seeded = await db
      .insert(items)
      .values(
        statuses.map((status, i) => ({
          portfolioId,
          cycleId: cycle!.id,
          title: `${spec.formatos[i % spec.formatos.length]} · ${spec.pilares[i % spec.pilares.length]}`,
          description: `Pieza de ejemplo para ${spec.businessName}`,
          format: spec.formatos[i % spec.formatos.length],
          pilar: spec.pilares[i % spec.pilares.length],
          angulo: spec.angulos[i % spec.angulos.length],
          funnelPhase: ['awareness', 'consideration', 'conversion', 'loyalty'][i],
          awarenessLevel: ['unaware', 'problemAware', 'solutionAware', 'productAware'][i],
          status,
          authorId: ids.employee,
          ...(status === 'draft'
            ? {}
            : {
                currentVersion: 1,
                materialData: material(
                  `${spec.formatos[i % spec.formatos.length]} · ${spec.pilares[i % spec.pilares.length]}`,
                ),
                versionAuthorId: ids.employee,
              }),
        })),
      )
      .returning();
    const reviewed = seeded.filter((item) => item.status !== 'draft');
    await db.insert(itemVersions).values(
      reviewed.map((item) => ({
        itemId: item.id,
        number: 1,
        materialData: item.materialData,
        authorId: ids.employee,
        sentToClientAt: item.status === 'internal_review' ? null : new Date(),
      })),
    );
  }
  return demoUsers.map(({ email, password, role }) => ({ email, password, role }));
}

export async function userExists(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return Boolean(row);
}
