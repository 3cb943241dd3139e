/** Entities expose their id as `_id` (the specification's shape). */
export function withId<T extends { id: string }>(row: T): Omit<T, 'id'> & { _id: string } {
  const { id, ...rest } = row;
  return { _id: id, ...rest };
}

export const iso = (d: Date) => d.toISOString();
