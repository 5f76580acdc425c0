/** Members: listing, project admins, roles, user search and adding members (spec 1 §3, §5, §7, §8). */
import { expect, it } from 'vitest';
import { PROJECT_ROLES, SYSTEM_ROLES } from '@tessera/domain';
import { describeEachDialect } from '../../../test/harness.ts';
import {
  auditOf,
  COMPANY_DOMAIN,
  createTarget,
  EXEMPT_EMAILS,
  memberRoles,
  randomId,
} from '../../../test/members.fixtures.ts';

const overrides = { companyDomain: COMPANY_DOMAIN, externalExemptEmails: EXEMPT_EMAILS };

describeEachDialect(
  'members: list, admins, roles, search',
  (t) => {
    it('lists members with role display names and the e-mail rule for external users', async () => {
      const viewer = await t().createUser();
      const ext = await createTarget(t(), { external: true });
      const exempt = await createTarget(t(), { email: EXEMPT_EMAILS[1], systemRoles: [] });
      const p = await t().createProject({ members: [{ user: viewer, role: 'projectViewOnly' }] });
      await t()
        .ctx.db.insertInto('project_members')
        .values([
          {
            project_id: p.id,
            user_id: ext.id,
            role: 'projectExternal',
            created_at: '2026-01-01T00:00:00.000Z',
          },
          {
            project_id: p.id,
            user_id: exempt.id,
            role: 'projectRead',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ])
        .execute();
      const res = await t().request(viewer, { method: 'GET', url: `/v1/projects/${p.id}/members` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(3);
      expect(res.json()).toEqual(
        expect.arrayContaining([
          {
            userId: viewer.id,
            email: viewer.email,
            role: 'projectViewOnly',
            roleDisplayName: 'View Only',
            isExternalUser: false,
          },
          {
            userId: ext.id,
            email: ext.email,
            role: 'projectExternal',
            roleDisplayName: 'External User',
            isExternalUser: true,
          },
          // An exempt test account counts as internal whatever its system roles.
          {
            userId: exempt.id,
            email: exempt.email,
            role: 'projectRead',
            roleDisplayName: 'Read',
            isExternalUser: false,
          },
        ]),
      );
      const limited = await t().request(viewer, {
        method: 'GET',
        url: `/v1/projects/${p.id}/members?limit=2`,
      });
      expect(limited.json()).toHaveLength(2);
    });

    it.each(['0', '1001', 'ten', '1.5'])('refuses limit=%s with 400', async (limit) => {
      const viewer = await t().createUser();
      const p = await t().createProject({ members: [{ user: viewer, role: 'projectRead' }] });
      const res = await t().request(viewer, {
        method: 'GET',
        url: `/v1/projects/${p.id}/members?limit=${limit}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('needs projectMembersView: a workflow user is refused, a stranger does not see the project', async () => {
      const wf = await t().createUser();
      const stranger = await t().createUser();
      const p = await t().createProject({ members: [{ user: wf, role: 'projectWorkflowUser' }] });
      const denied = await t().request(wf, { method: 'GET', url: `/v1/projects/${p.id}/members` });
      expect(denied.statusCode).toBe(403);
      const hidden = await t().request(stranger, { method: 'GET', url: `/v1/projects/${p.id}/members` });
      expect(hidden.json()).toEqual({ code: 'PROJECT_NOT_FOUND', message: 'Project could not be found' });
    });

    it('lists at most 10 project admins, data owners first, for any member', async () => {
      const wf = await t().createUser();
      const p = await t().createProject({ members: [{ user: wf, role: 'projectWorkflowUser' }] });
      const owner = await createTarget(t(), { email: `zz.owner.${randomId()}@${COMPANY_DOMAIN}` });
      const admins = await Promise.all(Array.from({ length: 11 }, () => createTarget(t())));
      const reader = await createTarget(t());
      const now = '2026-01-01T00:00:00.000Z';
      await t()
        .ctx.db.insertInto('project_members')
        .values([
          { project_id: p.id, user_id: owner.id, role: 'projectDataOwner', created_at: now },
          { project_id: p.id, user_id: reader.id, role: 'projectRead', created_at: now },
          ...admins.map((a) => ({ project_id: p.id, user_id: a.id, role: 'projectAdmin', created_at: now })),
        ])
        .execute();
      const res = await t().request(wf, { method: 'GET', url: `/v1/projects/${p.id}/admins` });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { userId: string; role: string }[];
      expect(list).toHaveLength(10);
      expect(list[0]).toMatchObject({
        userId: owner.id,
        role: 'projectDataOwner',
        roleDisplayName: 'Data Owner',
      });
      expect(list.slice(1).every((m) => m.role === 'projectAdmin')).toBe(true);
      expect(list.some((m) => m.userId === reader.id)).toBe(false);
    });

    it('lists project roles in display order, then system roles, with display names and types', async () => {
      const user = await t().createUser({
        systemRoles: ['externalUser'],
        email: `someone.${randomId()}@partner-lab.org`,
      });
      const res = await t().request(user, { method: 'GET', url: '/v1/roles' });
      expect(res.statusCode).toBe(200);
      const roles = res.json() as { role: string; displayName: string; type: string }[];
      expect(roles.map((r) => r.role)).toEqual([...PROJECT_ROLES, ...SYSTEM_ROLES]);
      expect(roles[0]).toEqual({ role: 'projectDataOwner', displayName: 'Data Owner', type: 'Project' });
      expect(roles.find((r) => r.role === 'projectExternal')).toEqual({
        role: 'projectExternal',
        displayName: 'External User',
        type: 'Project',
      });
      expect(roles.find((r) => r.role === 'systemSuperUser')).toEqual({
        role: 'systemSuperUser',
        displayName: 'Super User',
        type: 'Global',
      });
      expect((await t().request(null, { method: 'GET', url: '/v1/roles' })).statusCode).toBe(401);
    });

    it('finds users by e-mail text, case-insensitively, at most 20, marking external ones', async () => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      const word = `needle${randomId().slice(0, 6)}`;
      for (let i = 0; i < 22; i += 1)
        await createTarget(t(), { email: `a${String(i).padStart(2, '0')}.${word}@${COMPANY_DOMAIN}` });
      const ext = await createTarget(t(), { email: `${word}.guest@partner-lab.org` });
      const all = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${word.toUpperCase()}`,
      });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toHaveLength(20);
      const guest = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${encodeURIComponent(`  ${word}.GUEST `)}`,
      });
      expect(guest.json()).toEqual([{ userId: ext.id, email: ext.email, isExternalUser: true }]);
    });

    it('takes LIKE wildcards in the search text literally', async () => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      await createTarget(t(), { email: `under_score.${randomId()}@${COMPANY_DOMAIN}` });
      const pct = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${encodeURIComponent('%%')}`,
      });
      expect(pct.json()).toEqual([]);
      const under = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${encodeURIComponent('r_s')}`,
      });
      expect(under.json()).toHaveLength(1);
      const notWildcard = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${encodeURIComponent('d_r')}`,
      });
      expect(notWildcard.json()).toEqual([]);
    });

    it.each([
      ['x', 'Enter at least 2 characters to search'],
      ['  y  ', 'Enter at least 2 characters to search'],
      ['', 'Enter at least 2 characters to search'],
    ])('refuses the search %j: %s', async (search, message) => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      const res = await t().request(admin, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
    });

    it('refuses a missing or oversized search and searchers without member management', async () => {
      const admin = await t().createUser();
      const writer = await t().createUser();
      const p = await t().createProject({
        members: [
          { user: admin, role: 'projectAdmin' },
          { user: writer, role: 'projectWrite' },
        ],
      });
      expect(
        (await t().request(admin, { method: 'GET', url: `/v1/projects/${p.id}/user-search` })).statusCode,
      ).toBe(400);
      expect(
        (
          await t().request(admin, {
            method: 'GET',
            url: `/v1/projects/${p.id}/user-search?search=${'a'.repeat(255)}`,
          })
        ).statusCode,
      ).toBe(400);
      const denied = await t().request(writer, {
        method: 'GET',
        url: `/v1/projects/${p.id}/user-search?search=ab`,
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
    });
  },
  overrides,
);

describeEachDialect(
  'members: add',
  (t) => {
    const setup = async () => {
      const admin = await t().createUser();
      const p = await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] });
      return { admin, p, url: `/v1/projects/${p.id}/members` };
    };

    it('adds internal users with one role, answers the new members and audits each', async () => {
      const { admin, p, url } = await setup();
      const a = await createTarget(t());
      const b = await createTarget(t());
      const res = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [a.id, b.id], role: 'projectWrite' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual([
        {
          userId: a.id,
          email: a.email,
          role: 'projectWrite',
          roleDisplayName: 'Write',
          isExternalUser: false,
        },
        {
          userId: b.id,
          email: b.email,
          role: 'projectWrite',
          roleDisplayName: 'Write',
          isExternalUser: false,
        },
      ]);
      expect(await memberRoles(t(), p.id)).toEqual({
        [admin.id]: 'projectAdmin',
        [a.id]: 'projectWrite',
        [b.id]: 'projectWrite',
      });
      expect(await auditOf(t(), 'member.added', a.id)).toEqual([
        { actor: admin.id, details: { projectId: p.id, role: 'projectWrite' } },
      ]);
    });

    it('refuses the External User role for an internal user, alone or among external ones, and adds nobody', async () => {
      const { admin, p, url } = await setup();
      const internal = await createTarget(t());
      const ext = await createTarget(t(), { external: true });
      for (const userIds of [[internal.id], [ext.id, internal.id]]) {
        const res = await t().request(admin, {
          method: 'POST',
          url,
          payload: { userIds, role: 'projectExternal' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'Internal users cannot be assigned the role of External User',
        });
      }
      expect(Object.keys(await memberRoles(t(), p.id))).toEqual([admin.id]);
    });

    it('with externalUserManage: external users get External User or a working role, never admin or data owner', async () => {
      const { admin, p, url } = await setup();
      const e1 = await createTarget(t(), { external: true });
      const e2 = await createTarget(t(), { external: true });
      const refused = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [e1.id], role: 'projectAdmin' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('External users cannot be project admins or data owners');
      const ok1 = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [e1.id], role: 'projectExternal' },
      });
      expect(ok1.statusCode).toBe(201);
      expect(ok1.json()[0]).toMatchObject({ isExternalUser: true, role: 'projectExternal' });
      const ok2 = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [e2.id], role: 'projectRead' },
      });
      expect(ok2.statusCode).toBe(201);
      expect(await memberRoles(t(), p.id)).toMatchObject({
        [e1.id]: 'projectExternal',
        [e2.id]: 'projectRead',
      });
    });

    it('the data owner role needs assignProjectDataOwner: refused to a project admin, given by a portal data admin', async () => {
      const { admin, p, url } = await setup();
      const u = await createTarget(t());
      const refused = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [u.id], role: 'projectDataOwner' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'You are not allowed to assign the Data Owner role',
      });
      const pda = await t().createUser({ systemRoles: ['portalDataAdmin'] });
      const ok = await t().request(pda, {
        method: 'POST',
        url,
        payload: { userIds: [u.id], role: 'projectDataOwner' },
      });
      expect(ok.statusCode).toBe(201);
      expect(await memberRoles(t(), p.id)).toMatchObject({ [u.id]: 'projectDataOwner' });
    });

    it('an existing member makes the whole add fail with 409 and changes nothing', async () => {
      const { admin, p, url } = await setup();
      const fresh = await createTarget(t());
      const res = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [fresh.id, admin.id], role: 'projectRead' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: `${admin.email} is already a member of this project`,
      });
      expect(await memberRoles(t(), p.id)).toEqual({ [admin.id]: 'projectAdmin' });
      expect(await auditOf(t(), 'member.added', fresh.id)).toEqual([]);
    });

    it('unknown user ids fail the whole add with 400 naming them', async () => {
      const { admin, p, url } = await setup();
      const real = await createTarget(t());
      const ghost = randomId();
      const res = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: [real.id, ghost], role: 'projectRead' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: `Unknown user: ${ghost}` });
      expect(Object.keys(await memberRoles(t(), p.id))).toEqual([admin.id]);
    });

    it.each([
      ['an unknown role', (id: string) => ({ userIds: [id], role: 'projectOwner' })],
      ['a system role', (id: string) => ({ userIds: [id], role: 'systemSuperUser' })],
      ['no role', (id: string) => ({ userIds: [id] })],
      ['an empty list', () => ({ userIds: [], role: 'projectRead' })],
      ['a list of 101', () => ({ userIds: Array.from({ length: 101 }, randomId), role: 'projectRead' })],
      ['a malformed id', () => ({ userIds: ['ABCDEF0123456789abcdef01'], role: 'projectRead' })],
      ['a short id', () => ({ userIds: ['abc'], role: 'projectRead' })],
      ['a repeated id', (id: string) => ({ userIds: [id, id], role: 'projectRead' })],
      ['ids not in a list', (id: string) => ({ userIds: id, role: 'projectRead' })],
      ['a numeric id', () => ({ userIds: [12], role: 'projectRead' })],
      ['an unknown field', (id: string) => ({ userIds: [id], role: 'projectRead', admin: true })],
    ])('refuses %s with 400 and adds nobody', async (_name, body) => {
      const { admin, p, url } = await setup();
      const u = await createTarget(t());
      const res = await t().request(admin, { method: 'POST', url, payload: body(u.id) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      expect(Object.keys(await memberRoles(t(), p.id))).toEqual([admin.id]);
    });

    it('adds 100 users in one call', async () => {
      const { admin, p, url } = await setup();
      const users = await Promise.all(Array.from({ length: 100 }, () => createTarget(t())));
      const res = await t().request(admin, {
        method: 'POST',
        url,
        payload: { userIds: users.map((u) => u.id), role: 'projectViewOnly' },
      });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(await memberRoles(t(), p.id))).toHaveLength(101);
    });

    it('refuses a malformed JSON body and a non-manager', async () => {
      const { admin, p, url } = await setup();
      const bad = await t().request(admin, {
        method: 'POST',
        url,
        payload: '{"userIds": [',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toEqual(expect.any(String));
      expect(bad.body).not.toMatch(/at .*\.ts/); // no stack trace
      const writer = await t().createUser();
      await t()
        .ctx.db.insertInto('project_members')
        .values({
          project_id: p.id,
          user_id: writer.id,
          role: 'projectWrite',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      const u = await createTarget(t());
      const denied = await t().request(writer, {
        method: 'POST',
        url,
        payload: { userIds: [u.id], role: 'projectRead' },
      });
      expect(denied.statusCode).toBe(403);
      expect(Object.keys(await memberRoles(t(), p.id)).sort()).toEqual([admin.id, writer.id].sort());
    });
  },
  overrides,
);
