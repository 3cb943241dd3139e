/**
 * Transitional: the contracts are the workspace package `@crw/contracts` (packages/contracts). This re-export
 * only serves services/users.ts and services/agents.ts, whose owner is editing them (issue 46); delete it once
 * they import `@crw/contracts/tasks`.
 */
export * from '@crw/contracts/tasks';
