/**
 * The scale table's data (issue 30), grown with direct SQL — `insert … select … from generate_series` into the
 * real schema, not through the API — on top of an API seed (seed.ts: the employee, the portfolio, its cycle, 100
 * items). All the SQL of the scale table is here, in `growTo`, so a schema change is one place to follow.
 *
 * `growTo(exec, target, size)` tops up to `size`:
 * - the cycle's items: added rows are older than the API's (created 10 s apart, going back), mostly approved
 *   (one in ten a draft, at scattered rows); the review statuses stay a constant few (set once on the API's items: 10 each in
 *   internal review, internal changes, client review, client changes), since a queue is work in progress, not
 *   history. One title in ten has the word «lanzamiento» (the text search's term). The API's other items are
 *   set once the same way (approved, one in ten a draft with the term), so every size has the same mix;
 * - the employee's inbox: `size` notifications, one in ten unread, one in twenty archived;
 * - the portfolio's comments: `size` on the cycle's items, `size / 100` of them on the measured item;
 * - the pieces' versions and history lines (one each per added piece; the measured item keeps five versions);
 * - an agent's tasks (`size`, one in ten cancelled, and five open ones) and the accounts (`size` clients, one in
 *   ten deleted).
 *
 * It reads the schema it finds: the inbox as `notifications.recipients` + `notification_states` (before
 * migration 0013) or as `notification_receipts` (after). Counters kept by triggers follow the inserts by
 * themselves. Ids are `scale-<kind>-<n>`, so growing again continues where the last size stopped.
 */

export type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface ScaleTarget {
  portfolioId: string;
  cycleId: string;
  /** The employee whose inbox grows (and who writes the added items and comments). */
  userId: string;
  /** The item whose thread is measured. */
  itemId: string;
}

/** A SQL literal (the values are ids the bench made, but quoted properly all the same). */
const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

const count = async (exec: Exec, text: string) => Number((await exec(text))[0]?.n ?? 0);

export async function growTo(exec: Exec, t: ScaleTarget, size: number): Promise<void> {
  const cycle = lit(t.cycleId);

  // Items. Since migration 0013 triggers keep per-cycle tallies row by row; 100,000 rows through them took minutes
  // on PGlite, so they are off while the rows arrive and the cycle's tallies are counted again after, as the
  // migration first counted them (the schema's own triggers only; foreign keys are still checked).
  const tallies = (await exec(`select to_regclass('cycle_item_tallies') is not null as ok`))[0]?.ok === true;
  if (tallies) await exec('alter table items disable trigger user');
  try {
    await growItems(exec, t, size);
  } finally {
    if (tallies) await exec('alter table items enable trigger user');
  }
  if (tallies) {
    await exec(`delete from cycle_item_tallies where cycle_id = ${cycle}`);
    await exec(`
      insert into cycle_item_tallies (cycle_id, status, format, pilar, angulo, funnel_phase, awareness_level, n)
      select cycle_id, status, coalesce(format, ''), coalesce(pilar, ''), coalesce(angulo, ''),
        coalesce(funnel_phase, ''), coalesce(awareness_level, ''), count(*)::int
      from items where cycle_id = ${cycle} group by 1, 2, 3, 4, 5, 6, 7`);
  }

  await growInbox(exec, t, size);
  await growComments(exec, t, size);
  await growHistory(exec, t);
  await growTasks(exec, t, size);
  await growUsers(exec, size);
}

async function growItems(exec: Exec, t: ScaleTarget, size: number) {
  const portfolio = lit(t.portfolioId);
  const cycle = lit(t.cycleId);
  const user = lit(t.userId);
  const item = lit(t.itemId);
  const items = await count(exec, `select count(*)::int as n from items where cycle_id = ${cycle}`);
  const scaleItems = await count(exec, `select count(*)::int as n from items where id like 'scale-item-%'`);
  if (scaleItems === 0) {
    // Once: the review queues' constant few, among the API's items (the measured item stays a draft); the rest
    // are as the added rows are (nine in ten approved; one in ten a draft titled «… de lanzamiento»), so that at
    // 100 rows a filter answers the same kind of page it answers at 100,000 (an approved column, search hits)
    // and not an empty one, which would make the smallest size look faster than the work it measures.
    await exec(`
      update items set status = q.status, title = items.title || q.suffix
      from (
        select id, n,
          case when n <= 40 then (array['internal_review', 'internal_changes', 'client_review', 'client_changes'])[
              (n - 1) / 10 + 1]
            when n % 10 = 0 then 'draft' else 'approved' end as status,
          case when n > 40 and n % 10 = 0 then ' de lanzamiento' else '' end as suffix
        from (
          select id, row_number() over (order by created_at, id) as n
          from items where cycle_id = ${cycle} and id <> ${item}
        ) numbered
      ) q
      where items.id = q.id`);
  }
  if (size > items) {
    await exec(`
      insert into items (id, portfolio_id, cycle_id, title, description, format, pilar, angulo, funnel_phase,
        awareness_level, publish_date, author_id, status, created_at, updated_at)
      select 'scale-item-' || g, ${portfolio}, ${cycle},
        'Pieza ' || g || case when l.launch then ' de lanzamiento' else ' de temporada' end,
        'Texto de la pieza ' || g || ' para el ciclo.',
        (array['Reel', 'Carrusel', 'Historia', 'Post'])[g % 4 + 1],
        (array['Educación', 'Comunidad', 'Producto', 'Marca'])[g % 4 + 1],
        (array['Precio', 'Calidad', 'Rapidez', 'Confianza', 'Novedad'])[g % 5 + 1],
        (array['awareness', 'consideration', 'conversion', 'loyalty'])[g % 4 + 1],
        (array['unaware', 'problemAware', 'solutionAware', 'productAware'])[g % 4 + 1],
        c.start_date + (g % (c.end_date - c.start_date + 1)),
        ${user}, case when l.launch then 'draft' else 'approved' end,
        now() - g * interval '10 seconds', now() - g * interval '10 seconds'
      from cycles c, generate_series(${scaleItems + 1}, ${scaleItems + size - items}) g,
        -- One in ten at scattered places, as in real titles. Every tenth row made the titles periodic, and an
        -- ANALYZE that reads all of 10,000 rows took its 101 histogram bounds from every hundredth title in text
        -- order, none of them «… de lanzamiento»: the planner estimated 1 match of the 1,000, chose the trigram
        -- index over the created_at one, and the 10,000-row search measured 1.6–2× slower than at 100,000.
        lateral (select abs(hashint4(g::int)::bigint) % 10 = 0 as launch) l
      where c.id = ${cycle}`);
  }
}

async function growInbox(exec: Exec, t: ScaleTarget, size: number) {
  const user = lit(t.userId);
  const receipts =
    (await exec(`select to_regclass('notification_receipts') is not null as ok`))[0]?.ok === true;
  const inbox = await count(
    exec,
    receipts
      ? `select count(*)::int as n from notification_receipts where user_id = ${user}`
      : `select count(*)::int as n from notifications where recipients @> array[${user}]::text[]`,
  );
  const scaleNotes = await count(
    exec,
    `select count(*)::int as n from notifications where id like 'scale-n-%'`,
  );
  if (size > inbox) {
    const range = `generate_series(${scaleNotes + 1}, ${scaleNotes + size - inbox}) g`;
    const at = `now() - interval '1 minute' - g * interval '37 seconds'`;
    await exec(`
      insert into notifications (id, ${receipts ? '' : 'recipients, '}title, content, payload, created_at)
      select 'scale-n-' || g, ${receipts ? '' : `array[${user}]::text[], `}'Aviso ' || g,
        'Hay novedades en el portafolio: revisa las piezas pendientes.', '{}'::jsonb, ${at}
      from ${range}`);
    await exec(
      receipts
        ? `insert into notification_receipts (notification_id, user_id, created_at, read, archived)
           select 'scale-n-' || g, ${user}, ${at}, g % 10 <> 0, g % 20 = 0 from ${range}`
        : `insert into notification_states (user_id, notification_id, read, archived)
           select ${user}, 'scale-n-' || g, true, false from ${range} where g % 10 <> 0`,
    );
  }
}

async function growComments(exec: Exec, t: ScaleTarget, size: number) {
  const portfolio = lit(t.portfolioId);
  const cycle = lit(t.cycleId);
  const user = lit(t.userId);
  const item = lit(t.itemId);
  // Comments: `size` in the portfolio, `size / 100` of them (at least one) on the measured item.
  const comments = await count(
    exec,
    `select count(*)::int as n from comments where portfolio_id = ${portfolio}`,
  );
  const thread = await count(exec, `select count(*)::int as n from comments where entity_id = ${item}`);
  const scaleComments = await count(
    exec,
    `select count(*)::int as n from comments where id like 'scale-c-%'`,
  );
  const onItem = Math.max(0, Math.max(1, Math.floor(size / 100)) - thread);
  const elsewhere = Math.max(0, size - comments - onItem);
  if (onItem + elsewhere > 0) {
    await exec(`
      with targets as (
        select id, row_number() over (order by id) - 1 as k from items where cycle_id = ${cycle} and id <> ${item}
      ), total as (select count(*) as n from targets)
      insert into comments (id, portfolio_id, entity_id, entity_type, body, visibility, author_id, created_at,
        updated_at)
      select 'scale-c-' || g, ${portfolio}, case when g <= ${scaleComments + onItem} then ${item} else t.id end,
        'item', '<p>Comentario ' || g || ' sobre la pieza</p>', 'internal', ${user},
        now() - g * interval '13 seconds', now() - g * interval '13 seconds'
      from generate_series(${scaleComments + 1}, ${scaleComments + onItem + elsewhere}) g
        cross join total left join targets t on t.k = g % total.n`);
  }
}

/**
 * The pieces' past: one version and one history line per added piece (the measured item keeps the five versions it
 * is given once and the lines the API wrote), so an item's history is read among `size` rows of others'.
 */
async function growHistory(exec: Exec, t: ScaleTarget) {
  const item = lit(t.itemId);
  const user = lit(t.userId);
  if ((await count(exec, `select count(*)::int as n from item_versions where item_id = ${item}`)) === 0) {
    await exec(`
      insert into item_versions (id, item_id, number, material_data, change_reason, author_id, created_at)
      select 'scale-mv-' || g, ${item}, g,
        jsonb_build_object('copy', 'Texto de la versión ' || g, 'files', '[]'::jsonb, 'links', '[]'::jsonb),
        'Versión ' || g, ${user}, now() - (6 - g) * interval '1 hour'
      from generate_series(1, 5) g`);
    await exec(`update items set current_version = 5 where id = ${item}`);
  }
  // The added pieces are numbered; each has its version 1 and its «created» line.
  for (const [table, prefix, insert] of [
    [
      'item_versions',
      'scale-v-',
      `insert into item_versions (id, item_id, number, material_data, author_id, created_at)
       select 'scale-v-' || g, 'scale-item-' || g, 1,
         jsonb_build_object('copy', 'Texto de la pieza ' || g, 'files', '[]'::jsonb, 'links', '[]'::jsonb), ${user},
         now() - g * interval '10 seconds'`,
    ],
    [
      'item_history',
      'scale-h-',
      `insert into item_history (id, item_id, actor_id, action, to_status, created_at)
       select 'scale-h-' || g, 'scale-item-' || g, ${user}, 'created', 'draft', now() - g * interval '10 seconds'`,
    ],
  ] as const) {
    const made = await count(exec, `select count(*)::int as n from ${table} where id like '${prefix}%'`);
    const pieces = await count(exec, `select count(*)::int as n from items where id like 'scale-item-%'`);
    if (pieces > made) await exec(`${insert} from generate_series(${made + 1}, ${pieces}) g`);
  }
}

/**
 * An agent of the portfolio with `size` tasks, newest first, one in ten cancelled (the filter measured): none is
 * pending or running, so the task runner has nothing to take while the paths are measured.
 */
async function growTasks(exec: Exec, t: ScaleTarget, size: number) {
  // Inactive: the server's runner leaves its open tasks as they are, so every size counts the same five.
  await exec(`
    insert into agents (id, portfolio_id, name, active)
    values ('scale-agent', ${lit(t.portfolioId)}, 'Agente de escala', false)
    on conflict (id) do nothing`);
  // Its open tasks, a constant few (a queue is work in progress, not history), newer than all the rest.
  await exec(`
    insert into tasks (id, portfolio_id, agent_id, title, status, created_by, created_at, updated_at)
    select 'scale-open-' || g, ${lit(t.portfolioId)}, 'scale-agent', 'Tarea abierta ' || g, 'pending',
      ${lit(t.userId)}, now() + g * interval '1 second', now()
    from generate_series(1, 5) g
    on conflict (id) do nothing`);
  const made = await count(exec, `select count(*)::int as n from tasks where id like 'scale-t-%'`);
  if (size > made)
    await exec(`
      insert into tasks (id, portfolio_id, agent_id, title, status, created_by, created_at, updated_at)
      select 'scale-t-' || g, ${lit(t.portfolioId)}, 'scale-agent', 'Tarea ' || g,
        case when g % 10 = 0 then 'cancelled' else 'done' end, ${lit(t.userId)},
        now() - g * interval '17 seconds', now() - g * interval '17 seconds'
      from generate_series(${made + 1}, ${size}) g`);
}

/** An agency's accounts: `size` clients, one in ten deleted. */
async function growUsers(exec: Exec, size: number) {
  const made = await count(exec, `select count(*)::int as n from users where id like 'scale-u-%'`);
  if (size > made)
    await exec(`
      insert into users (id, email, name, role, password_hash, deleted_at, created_at, updated_at)
      select 'scale-u-' || g, 'persona-' || g || '@escala.local', 'Persona ' || g, 'client', 'x',
        case when g % 10 = 0 then now() end, now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(${made + 1}, ${size}) g`);
}

/** After growing: the planner's statistics and the visibility map, as autovacuum would leave them. */
export async function settle(exec: Exec): Promise<void> {
  const receipts =
    (await exec(`select to_regclass('notification_receipts') is not null as ok`))[0]?.ok === true;
  for (const table of [
    'items',
    'notifications',
    receipts ? 'notification_receipts' : 'notification_states',
    'comments',
    'item_versions',
    'item_history',
    'tasks',
    'users',
  ])
    await exec(`vacuum (analyze) ${table}`);
  // The seed's dirty pages written now, not by a checkpoint in the middle of a measured path (the 10,000-row sizes
  // measured 1.3–1.9× slower than both the 100 and the 100,000 on several paths, not always the same ones).
  await exec('checkpoint');
}
