import { Type } from '@sinclair/typebox';
import { component, roleSchema, Timestamp } from '../lib/schemas.ts';

/** Entity schemas shared by several route modules (the contract's public shapes). */
export const RoleSchema = roleSchema({ title: 'Role' });

export const UserSchema = component(
  'User',
  Type.Object({
    _id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: RoleSchema,
    permissions: Type.Array(Type.String()),
    createdAt: Timestamp,
    invitationPending: Type.Optional(
      Type.Boolean({ description: 'Todavía no ha entrado nunca: se le puede reenviar la invitación' }),
    ),
  }),
);
