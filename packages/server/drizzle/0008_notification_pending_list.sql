-- The recipients' index takes a broadcast's entries into GIN's pending list (one append instead of a descent of
-- the index per recipient); the notifier merges the list after each delivery, off the request. The index is
-- altered, not rebuilt: no window without it, nothing to redo on a large table.
ALTER INDEX "notifications_recipients_idx" SET (fastupdate = true, gin_pending_list_limit = 512);
