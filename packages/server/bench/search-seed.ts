/**
 * The search's data at scale (issue 49, point 3), shared by the bench's row (bench/search.ts) and the planner test
 * (test/search-planner.test.ts): `pieces` pieces in one portfolio over 50 cycles (years of work), their titles,
 * descriptions and copy made of a Spanish vocabulary (each word in about one piece in twenty, with its accents and
 * plurals), one comment for every five pieces (half of them for the client), a second portfolio of 1,000 pieces,
 * an employee and a client with their grants. Direct SQL: the API would take hours.
 */
import { defaultPortfolioPermissions } from '../src/policy.ts';

export type Exec = (text: string) => Promise<unknown>;
const rows = (result: unknown) => (result as { rows: Array<Record<string, string>> }).rows;

/** Accented and plural forms on purpose: the bench searches them without accents, in another form. */
export const VOCABULARY = [
  'café',
  'tostado',
  'mañana',
  'limonada',
  'verano',
  'otoño',
  'campaña',
  'lanzamiento',
  'oferta',
  'descuento',
  'receta',
  'chocolate',
  'galletas',
  'panadería',
  'desayuno',
  'merienda',
  'bebidas',
  'helados',
  'fresas',
  'naranjas',
  'reseñas',
  'clientes',
  'tienda',
  'envío',
  'regalo',
  'navidad',
  'aniversario',
  'sorteo',
  'concurso',
  'tutorial',
  'entrevista',
  'fotografía',
  'vídeo',
  'historia',
  'equipo',
  'fábrica',
  'origen',
  'cosecha',
  'montaña',
  'playa',
  'música',
  'diseño',
  'colección',
  'edición',
  'limitada',
  'artesanal',
  'orgánico',
  'ecológico',
  'saludable',
  'energía',
  'mercado',
  'feria',
  'evento',
  'taller',
  'degustación',
  'maridaje',
  'vino',
  'queso',
  'aceite',
  'miel',
] as const;

export interface SearchWorld {
  portfolioId: string;
  otherPortfolioId: string;
  cycleIds: string[];
  employeeId: string;
  clientId: string;
}

const statuses = ['draft', 'internal_review', 'client_review', 'approved', 'approved', 'approved'];

/** Seeds the world on a migrated, empty database (PostgreSQL or PGlite) and analyzes it. */
export async function seedSearch(exec: Exec, pieces: number, tag = 'bench'): Promise<SearchWorld> {
  const w: SearchWorld = {
    portfolioId: `${tag}-p`,
    otherPortfolioId: `${tag}-p2`,
    cycleIds: Array.from({ length: 50 }, (_, i) => `${tag}-c${i}`),
    employeeId: `${tag}-employee`,
    clientId: `${tag}-client`,
  };
  const vocab = `array[${VOCABULARY.map((v) => `'${v}'`).join(',')}]`;
  const n = VOCABULARY.length;
  // The word of piece g at slot k: spread so that pairs of words also vary.
  const word = (k: number) => `(${vocab})[1 + ((g * ${7 + k * 6}) + ${k * 13} + (g / ${n})) % ${n}]`;
  await exec(`insert into users (id, email, name, role, password_hash) values
    ('${w.employeeId}', '${tag}-employee@bench.local', 'Empleada', 'employee', 'x'),
    ('${w.clientId}', '${tag}-client@bench.local', 'Cliente', 'client', 'x')`);
  await exec(`insert into portfolios (id, identifier, account_data) values
    ('${w.portfolioId}', '${tag}-cafeteria', '{"businessName":"Cafetería del Sol"}'),
    ('${w.otherPortfolioId}', '${tag}-otra', '{"businessName":"Otra marca"}')`);
  const grant = (user: string, role: 'employee' | 'client') =>
    `('${user}', '${w.portfolioId}', '${JSON.stringify(defaultPortfolioPermissions[role])}')`;
  await exec(
    `insert into portfolio_access (user_id, portfolio_id, permissions) values ${grant(w.employeeId, 'employee')}, ${grant(w.clientId, 'client')}`,
  );
  await exec(`insert into cycles (id, portfolio_id, start_date, end_date)
    select '${tag}-c' || i, '${w.portfolioId}', date '2022-01-01' + i * 14, date '2022-01-01' + i * 14 + 13
    from generate_series(0, 49) i`);
  await exec(`insert into cycles (id, portfolio_id, start_date, end_date)
    values ('${tag}-c-other', '${w.otherPortfolioId}', '2024-01-01', '2024-01-14')`);
  const insertPieces = (from: number, to: number, portfolio: string, cycle: string) =>
    exec(`insert into items (id, portfolio_id, cycle_id, title, description, status, current_version, material_data, created_at)
      select '${tag}-i' || g, '${portfolio}', ${cycle}, initcap(${word(0)}) || ' ' || ${word(1)} || ' ' || g,
        'Pieza de ' || ${word(2)} || ' y ' || ${word(3)},
        (array[${statuses.map((s) => `'${s}'`).join(',')}])[1 + g % ${statuses.length}], 1,
        jsonb_build_object('copy', '<p>' || ${word(4)} || ' con ' || ${word(5)} || ' para la temporada</p>', 'files', '[]'::jsonb, 'links', '[]'::jsonb),
        now() - make_interval(mins => g)
      from generate_series(${from}, ${to}) g`);
  // The GIN indexes (the words', the trigrams') are built once after the rows, as a restore builds them: written
  // row by row (no pending list) they made the seed take minutes.
  const gin = rows(
    await exec(`select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('items', 'comments') and indexdef like '%USING gin%'`),
  );
  for (const index of gin) await exec(`drop index "${index.indexname}"`);
  // The tallies' triggers are off while the rows arrive (one tally row updated thousands of times in one
  // statement grows quadratically) and the tallies are counted after, as bench/scale-seed.ts does.
  await exec('alter table items disable trigger user');
  try {
    await insertPieces(1, pieces, w.portfolioId, `'${tag}-c' || (g % 50)`);
    await insertPieces(pieces + 1, pieces + 1000, w.otherPortfolioId, `'${tag}-c-other'`);
  } finally {
    await exec('alter table items enable trigger user');
  }
  await exec(`insert into cycle_item_tallies (cycle_id, status, format, pilar, angulo, funnel_phase, awareness_level, n)
    select cycle_id, status, coalesce(format, ''), coalesce(pilar, ''), coalesce(angulo, ''),
      coalesce(funnel_phase, ''), coalesce(awareness_level, ''), count(*)::int
    from items where portfolio_id in ('${w.portfolioId}', '${w.otherPortfolioId}') group by 1, 2, 3, 4, 5, 6, 7`);
  // Every piece past internal review had version 1 sent to the client.
  await exec(`insert into item_versions (id, item_id, number, material_data, sent_to_client_at)
    select id || '-v1', id, 1, material_data, case when status in ('client_review', 'approved') then now() end
    from items where portfolio_id = '${w.portfolioId}'`);
  await exec(`insert into comments (id, portfolio_id, entity_id, entity_type, body, visibility)
    select '${tag}-m' || g, '${w.portfolioId}', '${tag}-i' || (g * 5), 'item',
      '<p>Revisad ' || ${word(6)} || ' antes de publicar</p>', case when g % 2 = 0 then 'client' else 'internal' end
    from generate_series(1, ${Math.floor(pieces / 5)}) g`);
  for (const index of gin) await exec(index.indexdef!);
  await exec('analyze items; analyze comments; analyze item_versions; analyze portfolios; analyze cycles');
  return w;
}

/** What the bench and the planner search: unaccented, other forms, two words, a prefix typed as it goes. */
export const SEARCH_QUERIES = [
  'cafe',
  'tostados',
  'campana verano',
  'fotografias',
  'panaderia',
  'degust',
  'limonadas frias',
  'resena',
];
