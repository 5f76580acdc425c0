/**
 * The demo: an administrator (systemSuperUser), users holding different project roles, and a demo
 * project with a synthetic brightfield and a synthetic fluorescence slide, created once. Sign-ins are
 * printed so a newcomer can try each role.
 */
import crypto from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { generateBrightfieldSlide, generateFluorescenceSlide } from '@tessera/wsi';
import type { ProjectRole, SystemRole } from '@tessera/domain';
import type { AppContext } from '../context.ts';
import { nowIso } from '../db/dialect.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { insertUser, findUserIdByEmail } from '../modules/users/users.queries.ts';
import { importFolder } from '../modules/slides/folder-import.service.ts';
import {
  insertDemoMember,
  insertDemoProject,
  insertFolderIds,
  isDemoSeeded,
  markDemoSeeded,
} from './seed-demo.queries.ts';
import { describeDemoSlides, insertSyntheticSlides, syntheticSlideRows } from './demo-metadata.ts';
import { DEMO_MARKERS, seedDemoAnnotations } from './demo-annotations.ts';

const DEMO_PROJECT = 'Demo project';
const DEMO_FOLDER_IDS = ['1001', '1002', '2001', '3001'];
/** Synthetic metadata rows of the demo project's slide table (issue #4 point 8). */
export const DEMO_METADATA_ROWS = 10_000;

interface DemoUser {
  email: string;
  systemRoles: SystemRole[];
  projectRole: ProjectRole | null;
}

/** A password that meets every rule of spec 1 §5 (upper, lower, digit, symbol). */
const generatePassword = () => `Ts-${crypto.randomBytes(9).toString('base64url')}7a!`;

export async function seedDemo(ctx: AppContext, log: (line: string) => void): Promise<void> {
  if (await isDemoSeeded(ctx.db)) return;
  const domain = ctx.config.companyDomain;
  const adminEmail = ctx.config.adminEmail ?? `admin@${domain}`;
  const users: DemoUser[] = [
    { email: adminEmail, systemRoles: ['systemSuperUser'], projectRole: 'projectDataOwner' },
    { email: `admin.project@${domain}`, systemRoles: ['internalUser'], projectRole: 'projectAdmin' },
    { email: `writer@${domain}`, systemRoles: ['internalUser'], projectRole: 'projectWrite' },
    { email: `reader@${domain}`, systemRoles: ['internalUser'], projectRole: 'projectRead' },
    { email: 'guest@partner.example', systemRoles: ['externalUser'], projectRole: 'projectExternal' },
  ];
  const projectId = newId();
  const now = nowIso();
  const lines: string[] = [];
  for (const u of users) {
    if (await findUserIdByEmail(ctx.db, u.email)) continue;
    const isAdmin = u.email === adminEmail;
    const password = isAdmin && ctx.config.adminPassword ? ctx.config.adminPassword : generatePassword();
    const userId = await insertUser(ctx.db, {
      email: u.email,
      passwordHash: await hashPassword(password),
      systemRoles: u.systemRoles,
    });
    lines.push(
      `  ${u.email.padEnd(28)} ${password.padEnd(20)} ${[...u.systemRoles, u.projectRole].filter(Boolean).join(', ')}`,
    );
    if (!u.projectRole) continue;
    if (lines.length === 1)
      await insertDemoProject(ctx.db, {
        id: projectId,
        name: DEMO_PROJECT,
        summary: 'Slides and roles to try Tessera with.',
        at: now,
      });
    await insertDemoMember(ctx.db, { projectId, userId, role: u.projectRole, at: now });
  }
  const adminId = await findUserIdByEmail(ctx.db, adminEmail);
  if (lines.length > 0) await seedDemoSlides(ctx, projectId, adminId ?? null, log);
  await insertFolderIds(ctx.db, DEMO_FOLDER_IDS);
  // A folder of the transfer area to try the Transfer wizard with (an operator makes the real ones).
  await mkdir(path.join(ctx.config.transferDir, 'Demo outbox'), { recursive: true });
  await markDemoSeeded(ctx.db, now);
  log(`Demo seeded: project "${DEMO_PROJECT}". Sign in with (e-mail, password, roles):\n${lines.join('\n')}`);
}

/**
 * Two small synthetic slides (deterministic, a few seconds to make) written into the data folder and
 * registered through the same import path users take.
 */
async function seedDemoSlides(
  ctx: AppContext,
  projectId: string,
  adminId: string | null,
  log: (line: string) => void,
) {
  const dir = path.join(ctx.config.dataDir, 'demo-slides');
  log('Generating the demo slides…');
  await mkdir(dir, { recursive: true });
  await generateBrightfieldSlide(path.join(dir, 'demo-brightfield.ome.tif'), {
    width: 8192,
    height: 6144,
    seed: 7,
  });
  await generateFluorescenceSlide(path.join(dir, 'demo-fluorescence.ome.tif'), {
    width: 3072,
    height: 2304,
    seed: 7,
  });
  const summary = await importFolder(ctx, projectId, dir, adminId);
  for (const failed of summary.failed)
    log(`Demo slide ${failed.fileName} could not be registered: ${failed.reason}`);
  await describeDemoSlides(ctx.db, projectId, summary.imported);
  const brightfield = summary.imported.find((slide) => slide.fileName === 'demo-brightfield.ome.tif');
  if (brightfield && adminId) {
    log(`Adding the demo annotations (${DEMO_MARKERS.toLocaleString('en')} cell markers)…`);
    await seedDemoAnnotations(ctx, projectId, brightfield.slideId, adminId);
  }
  log(`Adding ${DEMO_METADATA_ROWS.toLocaleString('en')} synthetic metadata rows…`);
  await insertSyntheticSlides(ctx.db, projectId, syntheticSlideRows(DEMO_METADATA_ROWS), adminId);
}
