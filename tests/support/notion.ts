/**
 * The e2e server's Notion: each worker's server has NOTION_API_URL on a loopback port of its own (the `server`
 * fixture's `notionPort`, support/test.ts), where a spec that needs Notion runs the local peer
 * (packages/server/test/support/notion-peer.ts) speaking the subset of its API the sync uses.
 */
export const notionToken = `ntn_${'e2eN0t10n'.repeat(3)}`;
