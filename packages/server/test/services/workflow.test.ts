import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEM_STATUSES, type ItemStatus } from '../../src/db/schema.ts';
import { reviewDecision } from '../../src/policy.ts';
import { itemEvents } from '../../src/services/notify/events.ts';
import {
  awaitedSide,
  awaiting,
  editableStatuses,
  eventsOfTransition,
  finalStatuses,
  notionStatuses,
  queuesOf,
  type Side,
  statusRules,
  type Transition,
  type TransitionName,
  transitions,
  clientViewFields,
  itemFields,
  lockOf,
  workflowAnswer,
} from '../../src/services/review/transitions.ts';

/**
 * The workflow table carries its consequences (issue 46): every place that derives from it is checked against
 * it here, so a step or a status added to the table without its consequences fails.
 */
const steps = Object.keys(transitions) as TransitionName[];
const sides = Object.keys(reviewDecision) as Side[];
const row = (name: TransitionName): Transition => transitions[name];
const openapi = JSON.parse(
  readFileSync(new URL('../../../api-client/openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: Record<string, { required?: string[]; properties: Record<string, unknown> }> };
};

/** The body schema of a step's call in the published OpenAPI document. */
function bodyOf(name: TransitionName) {
  const path = Object.keys(openapi.paths).find((p) => p.endsWith(`/${name}`));
  expect(path, `the route of ${name}`).toBeDefined();
  const schema = openapi.paths[path!]!.post!.requestBody!.content['application/json']!.schema as {
    $ref?: string;
    required?: string[];
    properties?: Record<string, unknown>;
  };
  return schema.$ref ? openapi.components.schemas[schema.$ref.split('/').at(-1)!]! : schema;
}

describe('the workflow table', () => {
  it('gives every status a row, and every status but the first is reached by a step', () => {
    expect(Object.keys(statusRules).sort()).toEqual([...ITEM_STATUSES].sort());
    const reached = new Set(steps.map((s) => row(s).to).filter(Boolean));
    for (const status of ITEM_STATUSES.filter((s) => s !== 'draft'))
      expect(reached.has(status), `${status} is reached`).toBe(true);
  });

  it("lists every status awaiting a side's decision in that side's queue, and each side awaits one status", () => {
    for (const side of sides) {
      const awaited = awaiting(side);
      // The dashboards show one awaiting status per side.
      expect(awaited, side).toHaveLength(1);
      const listed = queuesOf(side).map(([, status]) => status);
      for (const status of awaited) {
        expect(listed, `${status} in a ${side} queue`).toContain(status);
        expect(awaitedSide(status)).toBe(side);
      }
    }
    // Every queue belongs to a side that takes decisions.
    const queued = sides.flatMap(queuesOf).map(([name]) => name);
    expect(new Set(queued).size).toBe(queued.length);
    expect(queued.sort()).toEqual(['client', 'clientChanges', 'internal']);
  });

  it('ends in one final status that no step leaves and no edit touches; Notion syncs only final pieces', () => {
    expect(finalStatuses).toHaveLength(1);
    for (const name of steps) for (const f of finalStatuses) expect(row(name).from, name).not.toContain(f);
    for (const f of finalStatuses) expect(editableStatuses).not.toContain(f);
    expect(notionStatuses.length).toBeGreaterThan(0);
    for (const s of notionStatuses) expect(finalStatuses).toContain(s);
  });

  it('has every status-changing step tell someone, and every told event a text, an audience and a group', () => {
    const told = new Set<string>();
    for (const name of steps) {
      const t = row(name);
      for (const from of t.from) for (const e of eventsOfTransition(name, from)) told.add(e);
      if (t.to && t.to !== t.from[0]) expect(t.tells?.length ?? 0, `${name} tells`).toBeGreaterThan(0);
      if (t.onlyFrom) expect(t.from, name).toContain(t.onlyFrom);
    }
    expect([...told].sort()).toEqual(Object.keys(itemEvents).sort());
  });

  it("makes the API's bodies require reviewComments exactly where a step needs comments", () => {
    for (const name of steps) {
      const body = bodyOf(name);
      // Where the caller's comments may stand for the reason (issue 47), the service decides, not the body.
      if (row(name).needsComments && !row(name).commentsSuffice)
        expect(body.required ?? [], name).toContain('reviewComments');
      else expect(body.required ?? [], name).not.toContain('reviewComments');
    }
  });

  it("answers each item's allowed steps with those needing comments, the four-eyes block and the end", () => {
    const everything = new Set<string>([...Object.values(reviewDecision), 'production.edit']);
    const staff = { actorId: 'u1', perms: everything, internal: true };
    for (const status of ITEM_STATUSES as readonly ItemStatus[]) {
      const answer = workflowAnswer({ status, versionAuthorId: null }, staff, false);
      expect(answer.final).toBe(finalStatuses.includes(status));
      const steps = answer.allowedActions.filter((a): a is TransitionName => a in transitions);
      expect(answer.needsComments).toEqual(steps.filter((a) => row(a).needsComments));
      for (const a of steps) expect(row(a).from).toContain(status);
    }
    const own = workflowAnswer({ status: 'internal_review', versionAuthorId: 'u1' }, staff, false);
    expect(own.allowedActions).not.toContain('approve-for-client');
    expect(own.blockedActions.filter((b) => b.action in transitions)).toEqual([
      { action: 'approve-for-client', reason: expect.stringMatching(/otra persona/) },
    ]);
    const allowed = workflowAnswer({ status: 'internal_review', versionAuthorId: 'u1' }, staff, true);
    expect(allowed.allowedActions).toContain('approve-for-client');
    expect(allowed.blockedActions).toEqual([]);
    expect(allowed.allowedActions).toEqual(
      expect.arrayContaining(['update-item', 'move-item', 'delete-item']),
    );
    // A client takes only the client's decisions.
    const client = { actorId: 'c1', perms: everything, internal: false };
    const forClient = workflowAnswer({ status: 'client_review', versionAuthorId: null }, client, false);
    for (const a of forClient.allowedActions)
      expect(row(a as TransitionName).permission).toBe(reviewDecision.client);
    expect(forClient.blockedActions).toEqual([]);
    expect(forClient.frozenFields).toEqual([]);
    expect(forClient.allowedActions.length).toBeGreaterThan(0);
  });

  it('locks what the client is shown while it reviews, and everything once final (issue 47)', () => {
    const everything = new Set<string>([...Object.values(reviewDecision), 'production.edit']);
    const staff = { actorId: 'u1', perms: everything, internal: true };
    for (const status of ITEM_STATUSES as readonly ItemStatus[]) {
      const answer = workflowAnswer({ status, versionAuthorId: null }, staff, false);
      const lock = lockOf(status);
      // The lock is read from the status rules: the client reviews, or the flow ended.
      expect(lock !== null, status).toBe(
        (statusRules[status] as { clientReviews?: boolean; final?: boolean }).clientReviews === true ||
          finalStatuses.includes(status),
      );
      expect(answer.frozenFields.map((f) => f.field)).toEqual(lock ? [...lock.fields] : []);
      for (const call of ['move-item', 'delete-item'] as const) {
        expect(answer.allowedActions.includes(call), `${status} ${call}`).toBe(!lock?.calls.includes(call));
        if (lock?.calls.includes(call))
          expect(answer.blockedActions).toContainEqual({ action: call, reason: lock.reason });
      }
    }
    const inReview = workflowAnswer({ status: 'client_review', versionAuthorId: null }, staff, false);
    // The client's view is frozen; the team's own fields (owner, strategy) are not.
    expect(inReview.frozenFields.map((f) => f.field)).toEqual([...clientViewFields]);
    expect(itemFields.filter((f) => !clientViewFields.includes(f))).toEqual(
      expect.arrayContaining(['assigneeId', 'pilar', 'angulo', 'funnelPhase', 'awarenessLevel']),
    );
    expect(inReview.allowedActions).toContain('update-item');
    expect(inReview.allowedActions).toContain('withdraw-from-client-review');
    // The material's steps are said to be withheld, with the reason, rather than missing.
    for (const step of ['update-material', 'create-material-version'] as const)
      expect(inReview.blockedActions).toContainEqual({
        action: step,
        reason: expect.stringMatching(/retírala/),
      });
    // A member of the team without a permission is told which one; a client is never told of the team's calls.
    const viewer = { actorId: 'u2', perms: new Set(['production.view', 'production.edit']), internal: true };
    const noReview = workflowAnswer({ status: 'internal_review', versionAuthorId: null }, viewer, false);
    expect(noReview.blockedActions).toContainEqual({
      action: 'approve-for-client',
      reason: expect.stringMatching(/^No tienes el permiso «Revisión interna/),
    });
    const readOnly = { actorId: 'u3', perms: new Set(['production.view']), internal: true };
    const draft = workflowAnswer({ status: 'draft', versionAuthorId: null }, readOnly, false);
    expect(draft.allowedActions).toEqual([]);
    expect(draft.blockedActions.map((b) => b.action)).toEqual(
      expect.arrayContaining(['mark-for-internal-review', 'update-item', 'delete-item']),
    );
    expect(draft.frozenFields).toEqual([]);
  });
});
