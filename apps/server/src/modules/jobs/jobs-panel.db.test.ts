/**
 * The Jobs panel's routes on both databases (issue #15 point 2): the caller's own jobs in words, newest
 * first; the output log; cancelling a job that has not ended (409 after); other people's jobs 404;
 * jobsManage required (an external user has none).
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES, type jobs } from '@tessera/contract';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';
import { JOB_PANEL_ERROR_CODES } from './jobs-panel.service.ts';

describeEachDialect('jobs panel', (t) => {
  let writer: TestUser;
  let other: TestUser;
  let external: TestUser;
  let project: { id: string; name: string };
  let copyJobId: string;
  let downloadJobId: string;

  beforeAll(async () => {
    writer = await t().createUser();
    other = await t().createUser();
    external = await t().createUser({ systemRoles: ['externalUser'] });
    project = await t().createProject({
      name: 'Jobs panel project',
      members: [
        { user: writer, role: 'projectWrite' },
        { user: other, role: 'projectWrite' },
      ],
    });
    const id = (n: number) => String(n).padStart(24, 'a');
    copyJobId = (
      await t().ctx.jobs.enqueue(
        'copy-annotations',
        {
          projectId: project.id,
          sourceSetId: id(1),
          targetSetName: 'Tumour regions',
          targetSlideIds: [id(2), id(3)],
          skipIfTargetSetMissing: false,
          userId: writer.id,
        },
        { projectId: project.id, createdBy: writer.id },
      )
    ).id;
    downloadJobId = (
      await t().ctx.jobs.enqueue(
        'download-annotation-version',
        {
          projectId: project.id,
          slideId: id(2),
          setId: id(1),
          setName: 'Tumour regions',
          setVersion: 3,
          username: writer.email,
          artifactDir: '/tmp/unused',
        },
        { projectId: project.id, createdBy: writer.id },
      )
    ).id;
    await t().ctx.jobs.enqueue(
      'copy-annotations',
      {
        projectId: project.id,
        sourceSetId: id(1),
        targetSetName: 'Not mine',
        targetSlideIds: [id(2)],
        skipIfTargetSetMissing: false,
        userId: other.id,
      },
      { projectId: project.id, createdBy: other.id },
    );
  });

  const list = async (user: TestUser) => {
    const res = await t().request(user, { method: 'GET', url: '/v1/jobs' });
    expect(res.statusCode).toBe(200);
    return res.json<jobs.PanelJob[]>();
  };

  it("lists the caller's own jobs, newest first, in words", async () => {
    const mine = await list(writer);
    expect(mine.map((j) => j.id)).toEqual([downloadJobId, copyJobId]);
    expect(mine[1]).toMatchObject({
      jobName: 'Copy annotations',
      inputDescription: "Set 'Tumour regions' to 2 slides",
      outputDescription: '',
      projectId: project.id,
      projectName: 'Jobs panel project',
      state: 'queued',
      progress: 0,
      errorMessage: null,
      artifactsUrl: null,
      isCancellable: true,
    });
    expect(mine[0]).toMatchObject({
      jobName: 'Download annotation set version',
      inputDescription: "'Tumour regions' version 3",
    });
    expect((await list(other)).map((j) => j.inputDescription)).toEqual(["Set 'Not mine' to 1 slide"]);
  });

  it('shows the log, and cancels a job once', async () => {
    await t()
      .ctx.db.insertInto('job_logs')
      .values({ job_id: copyJobId, at: new Date().toISOString(), line: 'Copying to 2 slides' })
      .execute();
    const log = await t().request(writer, { method: 'GET', url: `/v1/jobs/${copyJobId}/log` });
    expect(log.json<{ lines: { line: string }[] }>().lines.map((l) => l.line)).toEqual([
      'Copying to 2 slides',
    ]);
    const cancel = () => t().request(writer, { method: 'POST', url: `/v1/jobs/${copyJobId}/cancel` });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: 'cancelled', isCancellable: false });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe(JOB_PANEL_ERROR_CODES.finished);
  });

  it("keeps other people's jobs theirs, and asks for jobsManage", async () => {
    for (const url of [`/v1/jobs/${downloadJobId}/log`, `/v1/jobs/${downloadJobId}/cancel`]) {
      const res = await t().request(other, { method: url.endsWith('cancel') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code).toBe(ERROR_CODES.jobNotFound);
    }
    expect((await t().request(writer, { method: 'GET', url: '/v1/jobs/not-an-id/log' })).statusCode).toBe(
      400,
    );
    expect((await t().request(external, { method: 'GET', url: '/v1/jobs' })).statusCode).toBe(403);
    expect((await t().request(null, { method: 'GET', url: '/v1/jobs' })).statusCode).toBe(401);
  });
});
