/**
 * Integrations, as the rest of the server sees them: the Notion client (notion.ts; its page blocks in
 * notion-blocks.ts) and the queue that sends approved items to Notion (notion-sync.ts).
 */
export * from './notion.ts';
export * from './notion-sync.ts';
