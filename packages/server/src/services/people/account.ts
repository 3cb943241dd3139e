import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Mail } from '../notify/index.ts';
import type { Ports } from '../ports.ts';
import { isAppPath, redeemPasswordLink } from './signin-links.ts';
import { createUser, findActiveUserByEmail, type NewUser, type UserRow } from './users.ts';

/**
 * Getting in without the admin (issue 49): a forgotten password, a fresh sign-in link, a password change and the
 * invitation of a new user, each email through the one-time links (signin-links.ts). The requests that name an
 * address (`requestPasswordReset`, `requestSigninLink`) say nothing about whether it exists: the routes answer 202
 * before they run (docs/decisions.md, "Getting in without the admin").
 */

/** How long a forgotten password's link is valid. */
export const PASSWORD_RESET_HOURS = 1;
/** How long an invitation's link is valid (7 days). */
export const INVITATION_HOURS = 168;

export type AccountMail = Pick<Mail, 'enabled' | 'enqueue' | 'kick'>;
type AccountPorts = Pick<Ports, 'db' | 'usersChanged' | 'endSessions'> & { mail: AccountMail };

/** Email is not configured (no SMTP_URL): a 409, the same for every address (the state of the server, not a fault). */
const mailOff = () =>
  new AppError(
    'CONFLICT',
    'El envío de correos no está configurado: pide a un administrador que te ayude a entrar',
  );

/** The first sign-in of an account ends its pending invitation. */
export async function markSignedIn(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ signedInAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.signedInAt)));
}

/** «¿Olvidaste tu contraseña?»: an email with a link to «Nueva contraseña», if the address is someone's. */
export async function requestPasswordReset(ports: Pick<AccountPorts, 'db' | 'mail'>, email: string) {
  const user = await findActiveUserByEmail(ports.db, email);
  if (!user) return;
  await ports.mail.enqueue(ports.db, {
    userId: user.id,
    to: user.email,
    template: 'password',
    data: {
      group: 'team',
      title: 'Elige una contraseña nueva',
      content: `Se pidió una contraseña nueva para tu cuenta (${user.email}). El enlace sirve una sola vez y caduca en 1 hora. Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.`,
      linkHours: PASSWORD_RESET_HOURS,
    },
  });
  ports.mail.kick();
}

/** «Enviarme un enlace nuevo»: a fresh one-time sign-in link to `next` (an app path), if the address is someone's. */
export async function requestSigninLink(
  ports: Pick<AccountPorts, 'db' | 'mail'>,
  email: string,
  next: string,
) {
  const user = await findActiveUserByEmail(ports.db, email);
  if (!user) return;
  await ports.mail.enqueue(ports.db, {
    userId: user.id,
    to: user.email,
    template: 'signin',
    data: {
      group: 'team',
      title: 'Tu enlace para entrar',
      content:
        'Pediste un enlace nuevo para entrar en Estudio de Contenido. Sirve una sola vez y te lleva a donde ibas.',
      url: next,
    },
  });
  ports.mail.kick();
}

/** The target a fresh link may open: an app path, else the start. */
export const linkTarget = (next: string | undefined) => (next && isAppPath(next) ? next : '/');

/**
 * «Nueva contraseña»: uses the link up, sets the password and ends every session of the account (the token
 * version moves on, so every other link dies too). Answers the row to sign in with.
 */
export async function resetPassword(
  ports: Pick<AccountPorts, 'db' | 'usersChanged' | 'endSessions'>,
  token: string,
  password: string,
): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const user = await ports.db.transaction(async (tx) => {
    const linked = await redeemPasswordLink(tx, token);
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        signedInAt: sql`coalesce(${users.signedInAt}, now())`,
      })
      .where(eq(users.id, linked.id))
      .returning();
    return row!;
  });
  ports.usersChanged(user.id);
  ports.endSessions(user.id);
  return user;
}

/**
 * «Cambiar contraseña»: the current password must be right (400 otherwise); every session ends, and the caller
 * gets a new one from the route.
 */
export async function changePassword(
  ports: Pick<AccountPorts, 'db' | 'usersChanged' | 'endSessions'>,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<UserRow> {
  const [current] = await ports.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!current) throw notFound('user');
  if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
    throw new AppError('VALIDATION', 'La contraseña actual no es correcta', [
      { field: 'currentPassword', message: 'No es tu contraseña actual' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const [row] = await ports.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.tokenVersion, current.tokenVersion)))
    .returning();
  // Changed meanwhile (another change of password or role): the caller tries again with the account as it is.
  if (!row) throw new AppError('CONFLICT', 'Tu cuenta cambió mientras tanto: vuelve a intentarlo');
  ports.usersChanged(row.id);
  ports.endSessions(row.id);
  return row;
}

async function queueInvitation(
  db: DbOrTx,
  mail: AccountMail,
  user: Pick<UserRow, 'id' | 'email'>,
  inviterName: string,
) {
  await mail.enqueue(db, {
    userId: user.id,
    to: user.email,
    template: 'invite',
    data: {
      group: 'team',
      title: 'Te damos la bienvenida a Estudio de Contenido',
      content: `${inviterName} te ha creado una cuenta con el correo ${user.email}. Elige tu contraseña para entrar: el enlace sirve una sola vez y caduca en 7 días.`,
      linkHours: INVITATION_HOURS,
    },
  });
}

/**
 * An admin adds someone. Without a password (email configured): a random one nobody knows, and an invitation
 * with a link to choose theirs. With one: as before (no email).
 */
export async function addUserOrInvite(
  ports: Pick<AccountPorts, 'db' | 'usersChanged' | 'mail'>,
  inviterName: string,
  input: Omit<NewUser, 'password'> & { password?: string | undefined },
): Promise<{ user: UserRow; invited: boolean }> {
  const invite = !input.password;
  if (invite && !ports.mail.enabled) {
    throw new AppError('VALIDATION', 'Escribe una contraseña: el envío de correos no está configurado', [
      { field: 'password', message: 'Obligatoria sin correo configurado' },
    ]);
  }
  const password = input.password || randomBytes(24).toString('base64url');
  const user = await ports.db.transaction(async (tx) => {
    const row = await createUser(tx, { ...input, password });
    if (invite) await queueInvitation(tx, ports.mail, row, inviterName);
    return row;
  });
  ports.usersChanged(user.id);
  if (invite) ports.mail.kick();
  return { user, invited: invite };
}

/** «Reenviar invitación»: only to someone who has not signed in yet, and only with email configured. */
export async function resendInvitation(
  ports: Pick<AccountPorts, 'db' | 'mail'>,
  inviterName: string,
  userId: string,
) {
  if (!ports.mail.enabled) throw mailOff();
  const [user] = await ports.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('user');
  if (user.signedInAt) throw new AppError('CONFLICT', 'Esta persona ya entró: no hace falta invitarla');
  await queueInvitation(ports.db, ports.mail, user, inviterName);
  ports.mail.kick();
}

export { mailOff as accountMailOff };
