/**
 * What both configuration test files share: the keys of /.env.example, temporary directories removed at the end,
 * and the Notion page and flow the every-variable start and the Notion test use.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

export const exampleKeys = readFileSync(join(import.meta.dirname, '../../../../.env.example'), 'utf8')
  .split('\n')
  .map((l) => /^([A-Z0-9_]+)=/.exec(l)?.[1])
  .filter((k): k is string => Boolean(k));

export const onCi = process.env.CI === 'true';
const dirs: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Removes the directories tempDir made so far. */
export const removeTempDirs = () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

export const NOTION_TEST_TOKEN = `ntn_${'c0nf1g'.repeat(6)}`;
export const NOTION_TEST_PAGE = '1234567890abcdef1234567890abcdef';

/** Takes an item through review to the client's approval, then waits for its Notion sync to end. */
export async function approveAndWaitForNotion(
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API.
  api: (path: string, init?: RequestInit & { token?: string }) => Promise<{ json(): Promise<any> | any }>,
  token: string,
  itemId: string,
  portfolioId: string,
) {
  // One person walks the whole flow here: the portfolio lifts the four-eyes rule, as a one-person team would.
  await api(`/portfolios/${portfolioId}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ allowSelfApproval: true }),
  });
  for (const step of ['mark-for-internal-review', 'approve-for-client', 'approve-client-review']) {
    const done = await (
      await api(`/production/items/${itemId}/${step}`, { method: 'POST', token, body: '{}' })
    ).json();
    expect(done._id ?? done).toBe(itemId);
  }
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answer of a spawned server, read field by field.
  let state: any;
  await expect
    .poll(
      async () => {
        state = await (
          await api(`/portfolios/${portfolioId}/integraciones/notion/sincronizaciones`, { token })
        ).json();
        return state.items[0]?.status;
      },
      { timeout: 10_000, interval: 100, message: 'la sincronización con Notion no terminó' },
    )
    .toMatch(/^(done|failed)$/);
  return state;
}
