/**
 * The e2e server's Notion: NOTION_API_URL points at this loopback port, where a spec that needs Notion runs
 * the local peer (packages/server/test/support/notion-peer.ts) speaking the subset of its API the sync uses.
 */
export const notionPort = Number(process.env.E2E_NOTION_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 7);
export const notionToken = `ntn_${'e2eN0t10n'.repeat(3)}`;
