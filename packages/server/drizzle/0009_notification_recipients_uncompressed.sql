-- A broadcast's recipients (1,000 ids: ~40 kB) are stored out of line without compression. PostgreSQL tried
-- pglz on every such array and kept none of it (random ids do not compress: the stored size was the raw size),
-- a third of the broadcast's statement (PostgreSQL 2.1 → 1.4 ms, PGlite 2.7 → 1.7 ms for 1,000 recipients).
-- Rows written before keep their storage; reading either kind is the same.
ALTER TABLE "notifications" ALTER COLUMN "recipients" SET STORAGE EXTERNAL;
