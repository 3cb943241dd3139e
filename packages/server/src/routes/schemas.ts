import { Type } from '@sinclair/typebox';
import { component, Timestamp } from '../lib/schemas.ts';

/** Entity schemas shared by several route modules (the contract's public shapes). */
export const RoleSchema = Type.Union(
  [Type.Literal('admin'), Type.Literal('employee'), Type.Literal('client')],
  {
    title: 'Role',
  },
);

export const UserSchema = component(
  'User',
  Type.Object({
    _id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: RoleSchema,
    permissions: Type.Array(Type.String()),
    createdAt: Timestamp,
  }),
);
