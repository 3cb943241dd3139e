/**
 * Agents and tools, as the rest of the server sees them: agents and their tasks (agents.ts), the use-cases the
 * routes call (agent-use-cases.ts), the runner that works the queue (agent-runner.ts), the tool catalogue
 * (tools.ts) and the webhooks a tool calls (webhooks.ts).
 */
export * from './agent-runner.ts';
export * from './agent-use-cases.ts';
export * from './agents.ts';
export * from './tools.ts';
export * from './webhooks.ts';
