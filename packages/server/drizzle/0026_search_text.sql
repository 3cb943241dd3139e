-- One search over portfolios, pieces and comments (issue 49, point 3): Spanish-aware on PGlite and PostgreSQL.
-- «crw_es» is PostgreSQL's own 'spanish' configuration with unaccent before the Snowball stemmer: case and
-- accents do not matter (cafe = café) and word forms meet (tostados = tostado). unaccent is a trusted contrib
-- extension (a database owner may create it); PGlite loads it in db/client.ts (pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'crw_es' AND cfgnamespace = 'public'::regnamespace) THEN
    CREATE TEXT SEARCH CONFIGURATION public.crw_es (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION public.crw_es
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
  END IF;
END $$;--> statement-breakpoint
-- The words of each row, kept by PostgreSQL (generated, stored): ranking reads them instead of parsing every
-- matching row again. Not in the drizzle schema: nothing selects them but the search (services/search/).
-- A piece's title weighs most, then its description, then the copy of its newest version (a client finds the
-- copy only once that version was sent: services/search/search.ts checks it on the few rows concerned).
ALTER TABLE "items" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('public.crw_es', "title"), 'A')
  || setweight(to_tsvector('public.crw_es', "description"), 'B')
  || setweight(to_tsvector('public.crw_es', coalesce("material_data"->>'copy', '')), 'C')
) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (
  to_tsvector('public.crw_es', "body")
) STORED;--> statement-breakpoint
CREATE INDEX "items_search_words_idx" ON "items" USING gin ("search_words") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "comments_search_words_idx" ON "comments" USING gin ("search_words") WITH (fastupdate=false);
