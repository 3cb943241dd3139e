import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type Role, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassword } from '../lib/password.ts';
import { defaultGlobalPermissions } from '../policy.ts';

export type UserRow = typeof users.$inferSelect;

export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  role: Role;
  permissions: string[];
  createdAt: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findActiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normaliseEmail(email)), isNull(users.deletedAt)));
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
  permissions?: string[];
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (await findActiveUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
      permissions: input.permissions ?? [...defaultGlobalPermissions[input.role]],
    })
    .returning();
  return row!;
}
