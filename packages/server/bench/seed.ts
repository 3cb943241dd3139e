/**
 * The bench's data, made once per database through the workspace's own HTTP API (its public contract, so the
 * seed follows the server's rules and survives refactors of its services): an admin (the first admin of
 * ADMIN_EMAIL/ADMIN_PASSWORD), an employee with the default grant on one portfolio, one cycle of `items`
 * items planned by the strategy generator, and `notifications` notifications for the employee. Every measured request is the employee's.
 */

export interface Seeded {
  /** The employee's token (signed with the bench's JWT_SECRET, so the raw server verifies it too). */
  token: string;
  /** The admin's token: for the paths only an administrator reads (users, an agent's tasks). */
  adminToken: string;
  /** A client of the portfolio (the client dashboard). */
  clientToken: string;
  userId: string;
  portfolioId: string;
  cycleId: string;
  itemIds: string[];
}

export const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };
const CLIENT = { email: 'cliente@bench.local', password: 'bench-client-password', name: 'Cliente Bench' };
const EMPLOYEE = {
  email: 'empleada@bench.local',
  password: 'bench-employee-password',
  name: 'Empleada Bench',
};

async function api<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seed: ${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Runs `task(i)` for i < count, `width` at a time. */
async function pool(count: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export async function seed(base: string, counts: { items: number; notifications: number }): Promise<Seeded> {
  const login = (email: string, password: string) =>
    api<{ token: string; user: { _id: string } }>(base, 'POST', '/auth/login', undefined, {
      email,
      password,
    });
  const admin = (await login(ADMIN.email, ADMIN.password)).token;
  const user = await api<{ _id: string }>(base, 'POST', '/users', admin, { ...EMPLOYEE, role: 'employee' });
  const portfolio = await api<{ _id: string }>(base, 'POST', '/portfolios', admin, {
    identifier: 'bench',
    accountData: { businessName: 'Cliente de prueba' },
    productionCycleData: {
      pilaresContenido: ['Educación', 'Comunidad', 'Producto', 'Marca'],
      angulosVenta: ['Precio', 'Calidad', 'Rapidez', 'Confianza', 'Novedad'],
      formatosCreativos: ['Reel', 'Carrusel', 'Historia', 'Post'],
    },
  });
  await api(base, 'POST', `/users/${user._id}/portfolio-access`, admin, { portfolioId: portfolio._id });
  const client = await api<{ _id: string }>(base, 'POST', '/users', admin, { ...CLIENT, role: 'client' });
  await api(base, 'POST', `/users/${client._id}/portfolio-access`, admin, { portfolioId: portfolio._id });
  const cycle = await api<{ _id: string }>(
    base,
    'POST',
    `/production/portfolios/${portfolio._id}/start`,
    admin,
    {
      cycleDuration: 30,
    },
  );
  const token = (await login(EMPLOYEE.email, EMPLOYEE.password)).token;
  const clientToken = (await login(CLIENT.email, CLIENT.password)).token;

  // The items in batches of 100 through the strategy generator (one request and one transaction per batch):
  // 500 single creations would cost half a minute of durable commits on PGlite.
  const itemIds: string[] = [];
  for (let left = counts.items; left > 0; left -= 100) {
    const batch = await api<Array<{ _id: string }>>(
      base,
      'POST',
      `/production/cycles/${cycle._id}/items/strategy`,
      token,
      {
        itemsCount: Math.min(100, left),
      },
    );
    itemIds.push(...batch.map((i) => i._id));
  }
  await pool(counts.notifications, 4, async (i) => {
    await api(base, 'POST', '/notifications/broadcast', admin, {
      title: `Aviso ${i + 1}`,
      content: 'Hay novedades en el portafolio: revisa las piezas pendientes antes del viernes.',
      criteria: { userIds: [user._id] },
    });
  });
  return {
    token,
    adminToken: admin,
    clientToken,
    userId: user._id,
    portfolioId: portfolio._id,
    cycleId: cycle._id,
    itemIds,
  };
}

/**
 * The largest page of items the API answers, among the sizes tried (the whole cycle first): a 400 means the
 * size is over the route's limit.
 */
export async function largestPage(base: string, seeded: Seeded, want: number): Promise<number> {
  for (const limit of [want, 250, 200, 100, 50]) {
    if (limit > want) continue;
    const res = await fetch(
      `${base}/api/production/cycles/${seeded.cycleId}/items?limit=${limit}&sort=createdAt&order=desc`,
      { headers: { authorization: `Bearer ${seeded.token}` } },
    );
    await res.arrayBuffer();
    if (res.ok) return limit;
    if (res.status !== 400) throw new Error(`item list (limit=${limit}) → ${res.status}`);
  }
  throw new Error('the item list refuses even 50 per page');
}
