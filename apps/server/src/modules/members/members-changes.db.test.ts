/** Members: role changes, removal, the last-manager rule, transactions and the permission combinations of spec 1 §5. */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Permission, ProjectRole } from '@tessera/domain';
import { describeEachDialect, type TestServer } from '../../../test/harness.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { AppError } from '../../errors.ts';
import {
  auditOf,
  COMPANY_DOMAIN,
  createTarget,
  EXEMPT_EMAILS,
  memberRoles,
  randomId,
} from '../../../test/members.fixtures.ts';
import * as q from './members.queries.ts';
import * as service from './members.service.ts';

const overrides = { companyDomain: COMPANY_DOMAIN, externalExemptEmails: EXEMPT_EMAILS };
const NOW = '2026-01-01T00:00:00.000Z';

async function addRows(t: TestServer, projectId: string, rows: { id: string }[], role: ProjectRole) {
  await t.ctx.db
    .insertInto('project_members')
    .values(rows.map((r) => ({ project_id: projectId, user_id: r.id, role, created_at: NOW })))
    .execute();
}

describeEachDialect(
  'members: role changes',
  (t) => {
    const setup = async () => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      const url = (userId: string) => `/v1/projects/${p.id}/members/${userId}`;
      return { admin, p, url };
    };

    it("changes a member's role, answers the member and audits from/to", async () => {
      const { admin, p, url } = await setup();
      const u = await createTarget(t());
      await addRows(t(), p.id, [u], 'projectRead');
      const res = await t().request(admin, {
        method: 'PATCH',
        url: url(u.id),
        payload: { role: 'projectWrite' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        userId: u.id,
        email: u.email,
        role: 'projectWrite',
        roleDisplayName: 'Write',
        isExternalUser: false,
      });
      expect(await auditOf(t(), 'member.roleChanged', u.id)).toEqual([
        { actor: admin.id, details: { projectId: p.id, from: 'projectRead', to: 'projectWrite' } },
      ]);
      // Setting the same role again changes nothing and is not audited again.
      expect(
        (await t().request(admin, { method: 'PATCH', url: url(u.id), payload: { role: 'projectWrite' } }))
          .statusCode,
      ).toBe(200);
      expect(await auditOf(t(), 'member.roleChanged', u.id)).toHaveLength(1);
    });

    it('applies the role rules: internal → External User 400, external → admin 400, data owner 403', async () => {
      const { admin, p, url } = await setup();
      const internal = await createTarget(t());
      const ext = await createTarget(t(), { external: true });
      await addRows(t(), p.id, [internal], 'projectRead');
      await addRows(t(), p.id, [ext], 'projectExternal');
      const a = await t().request(admin, {
        method: 'PATCH',
        url: url(internal.id),
        payload: { role: 'projectExternal' },
      });
      expect(a.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Internal users cannot be assigned the role of External User',
      });
      const b = await t().request(admin, {
        method: 'PATCH',
        url: url(ext.id),
        payload: { role: 'projectDataOwner' },
      });
      expect(b.statusCode).toBe(403);
      expect(b.json().message).toBe('You are not allowed to assign the Data Owner role');
      const c = await t().request(admin, {
        method: 'PATCH',
        url: url(ext.id),
        payload: { role: 'projectAdmin' },
      });
      expect(c.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'External users cannot be project admins or data owners',
      });
      expect(await memberRoles(t(), p.id)).toMatchObject({
        [internal.id]: 'projectRead',
        [ext.id]: 'projectExternal',
      });
      const su = await t().createUser({ systemRoles: ['systemSuperUser'] });
      const d = await t().request(su, {
        method: 'PATCH',
        url: url(internal.id),
        payload: { role: 'projectDataOwner' },
      });
      expect(d.statusCode).toBe(200);
    });

    it('refuses demoting the last data owner or project admin (409), allows it when another remains', async () => {
      const { admin, p, url } = await setup();
      const last = await t().request(admin, {
        method: 'PATCH',
        url: url(admin.id),
        payload: { role: 'projectRead' },
      });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        code: 'CONFLICT',
        message: 'A project must keep at least one Data Owner or Project Admin',
      });
      expect(await memberRoles(t(), p.id)).toEqual({ [admin.id]: 'projectAdmin' });
      const second = await createTarget(t());
      await addRows(t(), p.id, [second], 'projectDataOwner');
      expect(
        (await t().request(admin, { method: 'PATCH', url: url(admin.id), payload: { role: 'projectRead' } }))
          .statusCode,
      ).toBe(200);
    });

    it('protects a Data Owner as assigning one is protected: a project admin may neither demote nor remove them', async () => {
      const { admin, p, url } = await setup();
      const owner = await createTarget(t());
      await addRows(t(), p.id, [owner], 'projectDataOwner');
      const refusal = { code: 'FORBIDDEN', message: 'You are not allowed to change or remove a Data Owner' };
      const demoted = await t().request(admin, {
        method: 'PATCH',
        url: url(owner.id),
        payload: { role: 'projectRead' },
      });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual(refusal);
      const removed = await t().request(admin, {
        method: 'DELETE',
        url: `/v1/projects/${p.id}/members`,
        payload: { userIds: [owner.id] },
      });
      expect(removed.statusCode).toBe(403);
      expect(removed.json()).toEqual(refusal);
      expect(await memberRoles(t(), p.id)).toMatchObject({ [owner.id]: 'projectDataOwner' });
      // Whoever may assign the role may take it away.
      const su = await t().createUser({ systemRoles: ['systemSuperUser'] });
      expect(
        (await t().request(su, { method: 'PATCH', url: url(owner.id), payload: { role: 'projectAdmin' } }))
          .statusCode,
      ).toBe(200);
      await addRows(t(), p.id, [await createTarget(t())], 'projectDataOwner');
      expect(
        (
          await t().request(su, {
            method: 'DELETE',
            url: `/v1/projects/${p.id}/members`,
            payload: { userIds: [owner.id] },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers 404 for a user who is not a member and 400 for bad input', async () => {
      const { admin, url } = await setup();
      const outsider = await createTarget(t());
      const nf = await t().request(admin, {
        method: 'PATCH',
        url: url(outsider.id),
        payload: { role: 'projectRead' },
      });
      expect(nf.statusCode).toBe(404);
      expect(nf.json()).toEqual({ code: 'NOT_FOUND', message: 'Project member not found' });
      expect(
        (
          await t().request(admin, {
            method: 'PATCH',
            url: url(randomId()),
            payload: { role: 'projectRead' },
          })
        ).statusCode,
      ).toBe(404);
      for (const [u, payload] of [
        ['not-an-id', { role: 'projectRead' }],
        [outsider.id, { role: 'internalUser' }],
        [outsider.id, {}],
        [outsider.id, { role: 'projectRead', email: 'x@y.z' }],
      ] as const) {
        const res = await t().request(admin, { method: 'PATCH', url: url(u), payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('needs projectMembersManage or externalUserManage: a writer is refused by the guard', async () => {
      const { p, url } = await setup();
      const writer = await t().createUser();
      await addRows(t(), p.id, [writer], 'projectWrite');
      const res = await t().request(writer, {
        method: 'PATCH',
        url: url(writer.id),
        payload: { role: 'projectAdmin' },
      });
      expect(res.statusCode).toBe(403);
      expect(await memberRoles(t(), p.id)).toMatchObject({ [writer.id]: 'projectWrite' });
    });
  },
  overrides,
);

describeEachDialect(
  'members: removal',
  (t) => {
    const setup = async () => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      return { admin, p, url: `/v1/projects/${p.id}/members` };
    };

    it('removes members in one call and audits each', async () => {
      const { admin, p, url } = await setup();
      const a = await createTarget(t());
      const b = await createTarget(t(), { external: true });
      await addRows(t(), p.id, [a], 'projectRead');
      await addRows(t(), p.id, [b], 'projectExternal');
      const res = await t().request(admin, { method: 'DELETE', url, payload: { userIds: [a.id, b.id] } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ removedUserIds: [a.id, b.id] });
      expect(await memberRoles(t(), p.id)).toEqual({ [admin.id]: 'projectAdmin' });
      expect(await auditOf(t(), 'member.removed', b.id)).toEqual([
        { actor: admin.id, details: { projectId: p.id, role: 'projectExternal' } },
      ]);
    });

    it('a non-member in the list fails the whole removal with 404 and removes nobody', async () => {
      const { admin, p, url } = await setup();
      const a = await createTarget(t());
      const outsider = await createTarget(t());
      await addRows(t(), p.id, [a], 'projectRead');
      const res = await t().request(admin, {
        method: 'DELETE',
        url,
        payload: { userIds: [a.id, outsider.id] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Not a member of this project: ${outsider.id}`,
      });
      expect(await memberRoles(t(), p.id)).toMatchObject({ [a.id]: 'projectRead' });
    });

    it('refuses leaving the project without a data owner or project admin, and rolls back', async () => {
      const { admin, p, url } = await setup();
      const reader = await createTarget(t());
      await addRows(t(), p.id, [reader], 'projectRead');
      const res = await t().request(admin, {
        method: 'DELETE',
        url,
        payload: { userIds: [reader.id, admin.id] },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A project must keep at least one Data Owner or Project Admin');
      expect(await memberRoles(t(), p.id)).toEqual({
        [admin.id]: 'projectAdmin',
        [reader.id]: 'projectRead',
      });
      expect(await auditOf(t(), 'member.removed', reader.id)).toEqual([]);
    });

    it('two managers removing each other at once: exactly one succeeds', async () => {
      const { admin, p, url } = await setup();
      const other = await t().createUser();
      await addRows(t(), p.id, [other], 'projectAdmin');
      const [r1, r2] = await Promise.all([
        t().request(admin, { method: 'DELETE', url, payload: { userIds: [other.id] } }),
        t().request(other, { method: 'DELETE', url, payload: { userIds: [admin.id] } }),
      ]);
      // The loser either finds itself removed (404 from the guard) or finds no other manager left (409).
      const [first, second] = [r1.statusCode, r2.statusCode].sort();
      expect(first).toBe(200);
      expect([404, 409]).toContain(second);
      expect(Object.keys(await memberRoles(t(), p.id))).toHaveLength(1);
    });

    it('a project without any manager still lets a super user remove members', async () => {
      const reader = await createTarget(t());
      const p = await t().createProject();
      await addRows(t(), p.id, [reader], 'projectRead');
      const su = await t().createUser({ systemRoles: ['systemSuperUser'] });
      const res = await t().request(su, {
        method: 'DELETE',
        url: `/v1/projects/${p.id}/members`,
        payload: { userIds: [reader.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(await memberRoles(t(), p.id)).toEqual({});
    });

    it.each([
      ['an empty list', { userIds: [] }],
      ['101 ids', { userIds: Array.from({ length: 101 }, randomId) }],
      ['a malformed id', { userIds: ['zzzzzzzzzzzzzzzzzzzzzzzz'] }],
      ['no list', {}],
    ])('refuses %s with 400', async (_name, payload) => {
      const { admin, url } = await setup();
      const res = await t().request(admin, { method: 'DELETE', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('needs projectMembersManage: a project admin of another project and a writer here are refused', async () => {
      const { admin, p, url } = await setup();
      const writer = await t().createUser();
      await addRows(t(), p.id, [writer], 'projectWrite');
      expect(
        (await t().request(writer, { method: 'DELETE', url, payload: { userIds: [admin.id] } })).statusCode,
      ).toBe(403);
      const otherAdmin = await t().createUser();
      await t().createProject({ members: [{ user: otherAdmin, role: 'projectAdmin' }] });
      expect(
        (await t().request(otherAdmin, { method: 'DELETE', url, payload: { userIds: [admin.id] } }))
          .statusCode,
      ).toBe(404);
      expect(Object.keys(await memberRoles(t(), p.id))).toHaveLength(2);
    });
  },
  overrides,
);

describeEachDialect(
  'members: transactions and permission combinations no built-in role has',
  (t) => {
    it('a statement failing inside the member transaction leaves nothing behind', async () => {
      const p = await t().createProject();
      const u = await createTarget(t());
      await expect(
        q.inTransaction(t().ctx.db, async (tx) => {
          await q.insertMembers(tx, p.id, [u.id], 'projectRead', NOW);
          await q.insertMembers(tx, p.id, [randomId()], 'projectRead', NOW); // no such user: foreign key fails
        }),
      ).rejects.toThrow();
      expect(await memberRoles(t(), p.id)).toEqual({});
    });

    it('a member change holds the project lock until it ends (PostgreSQL; SQLite runs one transaction at a time)', async () => {
      if (t().dialect !== 'postgres') return;
      const p = await t().createProject();
      const events: string[] = [];
      let releaseA = () => {};
      let aLocked = () => {};
      const aHasLock = new Promise<void>((r) => (aLocked = r));
      const a = q.inTransaction(t().ctx.db, async (tx) => {
        await q.lockProject(tx, p.id);
        events.push('A locked');
        aLocked();
        await new Promise<void>((r) => (releaseA = r));
        events.push('A ends');
      });
      await aHasLock;
      const b = q.inTransaction(t().ctx.db, async (tx) => {
        await q.lockProject(tx, p.id);
        events.push('B locked');
      });
      // Wait until PostgreSQL reports B waiting for A's row lock, then let A finish.
      const waiting = async () =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
              t().ctx.db,
            )
          ).rows[0]?.n,
        );
      try {
        for (let i = 0; i < 200 && (await waiting()) === 0; i += 1) await new Promise((r) => setImmediate(r));
        expect(await waiting()).toBe(1);
      } finally {
        releaseA();
        await Promise.all([a, b]);
      }
      expect(events).toEqual(['A locked', 'A ends', 'B locked']);
    });

    // Every built-in role holding projectMembersManage also holds externalUserManage, so the combinations
    // of spec 1 §5 that differ are exercised on the service with the permission sets written out.
    const actorOf = (userId: string): Actor => ({
      userId,
      email: 'actor@tessera.test',
      username: 'actor',
      systemRoles: ['internalUser'],
      isSsoUser: false,
      sessionId: null,
      manualVersionRead: '',
    });
    const scopeOf = (id: string, permissions: Permission[]): ProjectScope => ({
      id,
      isHome: false,
      role: null,
      permissions: new Set(permissions),
    });
    const refusal = async (work: Promise<unknown>) => {
      const e = await work.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(AppError);
      const err = e as AppError;
      return { status: err.status, message: err.message };
    };

    it('without externalUserManage, external users can only be given External User', async () => {
      const p = await t().createProject();
      const ext = await createTarget(t(), { external: true });
      const scope = scopeOf(p.id, ['projectMembersManage']);
      expect(
        await refusal(
          service.addMembers(t().ctx, actorOf(ext.id), scope, { userIds: [ext.id], role: 'projectRead' }),
        ),
      ).toEqual({
        status: 403,
        message: 'External users can only be assigned the role of External User',
      });
      const added = await service.addMembers(t().ctx, actorOf(ext.id), scope, {
        userIds: [ext.id],
        role: 'projectExternal',
      });
      expect(added).toEqual([
        expect.objectContaining({ userId: ext.id, role: 'projectExternal', isExternalUser: true }),
      ]);
      expect(
        await refusal(service.updateMemberRole(t().ctx, actorOf(ext.id), scope, ext.id, 'projectWrite')),
      ).toMatchObject({ status: 403 });
    });

    it('externalUserManage alone manages external users only', async () => {
      const p = await t().createProject();
      const ext = await createTarget(t(), { external: true });
      const internal = await createTarget(t());
      const scope = scopeOf(p.id, ['externalUserManage']);
      const actor = actorOf(internal.id);
      expect(
        await refusal(
          service.addMembers(t().ctx, actor, scope, { userIds: [internal.id], role: 'projectRead' }),
        ),
      ).toEqual({
        status: 403,
        message: 'You can only manage external users in this project',
      });
      await service.addMembers(t().ctx, actor, scope, { userIds: [ext.id], role: 'projectRead' });
      await addRows(t(), p.id, [internal], 'projectRead');
      // canEditMemberRole: the external member's role is editable, the internal member's is not.
      expect(await service.updateMemberRole(t().ctx, actor, scope, ext.id, 'projectExternal')).toMatchObject({
        role: 'projectExternal',
      });
      expect(
        await refusal(service.updateMemberRole(t().ctx, actor, scope, internal.id, 'projectWrite')),
      ).toEqual({
        status: 403,
        message: 'You are not allowed to change the role of this member',
      });
      expect(await memberRoles(t(), p.id)).toEqual({
        [ext.id]: 'projectExternal',
        [internal.id]: 'projectRead',
      });
    });

    it('an exempt test account outside the company domain counts as internal', async () => {
      const p = await t().createProject();
      const exempt = await createTarget(t(), { email: EXEMPT_EMAILS[0], systemRoles: [] });
      const scope = scopeOf(p.id, ['projectMembersManage', 'externalUserManage']);
      expect(
        await refusal(
          service.addMembers(t().ctx, actorOf(exempt.id), scope, {
            userIds: [exempt.id],
            role: 'projectExternal',
          }),
        ),
      ).toEqual({
        status: 400,
        message: 'Internal users cannot be assigned the role of External User',
      });
    });
  },
  overrides,
);
