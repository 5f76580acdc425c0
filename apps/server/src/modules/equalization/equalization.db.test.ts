/**
 * Equalization presets against real test slides, registered from a temp folder of symlinks to
 * ../shared/testdata/slides (never copied into the repository): scopes and permissions, the precedence
 * user > project > default > computed, apply to all (all or nothing), reset, clamping and bad input.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EQUALIZATION_MESSAGES,
  EQUALIZATION_PRESET_NOT_FOUND,
  type EqualizationPreset,
} from '@tessera/domain';
import { describeEachDialect, SLIDES_DIR, type TestUser } from '../../../test/harness.ts';
import { newId } from '../../lib/ids.ts';
import { registerImage } from '../imaging/images.service.ts';
import { getOrCreateSlideForImage } from '../slides/slides.service.ts';
import { findEffectivePreset } from './equalization.service.ts';

const SLIDES = SLIDES_DIR;
const OME = 'cells-2c.ome.tif'; // 2 × uint8, file colours green and blue
const INT8 = 'multi-channel-z-series.ome.tif'; // 3 × int8, no colours
const GRAY16 = 'cells-gray16.tif'; // 1 × uint16
const SVS = 'CMU-1-Small-Region.svs'; // brightfield

type Channel = EqualizationPreset['channels'][number];
const channel = (minimum: number, maximum: number, enabled = true): Channel => ({
  enabled,
  color: { red: 255, green: 0, blue: 0 },
  range: { minimum, maximum },
});
const preset = (...channels: Channel[]): EqualizationPreset => ({ type: 'Linear', channels });

describeEachDialect('equalization presets', (t) => {
  let tmp: string;
  let owner: TestUser; // projectDataOwner: has equalizationManage
  let writer: TestUser; // projectWrite: saves for himself only
  let reader: TestUser; // projectRead
  let outsider: TestUser;
  let projectId: string;
  let otherProjectSlide: string;
  const ids = new Map<string, string>();
  let omeCopy: string; // a second slide of the same image: same assay info as OME

  const url = (slideId: string, project = projectId) =>
    `/v1/projects/${project}/slides/${slideId}/equalization`;
  const get = (user: TestUser, slideId: string) => t().request(user, { method: 'GET', url: url(slideId) });
  const put = (user: TestUser, slideId: string, payload: object) =>
    t().request(user, { method: 'PUT', url: url(slideId), payload });
  const del = (user: TestUser, slideId: string, payload: object) =>
    t().request(user, { method: 'DELETE', url: url(slideId), payload });
  const sourceOf = async (user: TestUser, slideId: string) =>
    (await get(user, slideId)).json().source as string;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'tessera-eq-'));
    [owner, writer, reader, outsider] = [
      await t().createUser(),
      await t().createUser(),
      await t().createUser(),
      await t().createUser(),
    ];
    projectId = (
      await t().createProject({
        members: [
          { user: owner, role: 'projectDataOwner' },
          { user: writer, role: 'projectWrite' },
          { user: reader, role: 'projectRead' },
        ],
      })
    ).id;
    const otherProject = (
      await t().createProject({ members: [{ user: outsider, role: 'projectDataOwner' }] })
    ).id;
    for (const file of [OME, INT8, GRAY16, SVS]) {
      const link = path.join(tmp, file);
      await symlink(path.join(SLIDES, file), link);
      const { image } = await registerImage(t().ctx, [link]);
      const { slide } = await getOrCreateSlideForImage(
        t().ctx,
        projectId,
        image,
        { fileName: file, fileExtension: 'tif' },
        owner.id,
      );
      ids.set(file, slide.id);
      if (file === OME) {
        const other = await getOrCreateSlideForImage(
          t().ctx,
          otherProject,
          image,
          { fileName: file, fileExtension: 'tif' },
          outsider.id,
        );
        otherProjectSlide = other.slide.id;
        // A project holds an image once; a copy row with its own checksum stands for a re-scan of the same assay.
        const now = new Date().toISOString();
        omeCopy = newId();
        await t()
          .ctx.db.insertInto('slides')
          .values({
            id: omeCopy,
            project_id: projectId,
            image_id: image.id,
            file_name: 'copy.ome.tif',
            file_extension: 'tif',
            checksum: 'c'.repeat(64),
            name: 'copy',
            created_at: now,
            created_by: owner.id,
            updated_at: now,
          })
          .execute();
      }
    }
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('computes the default from the channels when nothing is saved: file colours, display ranges, type limits', async () => {
    const res = await get(reader, ids.get(OME)!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'computed',
      hasDefaultPreset: false,
      preset: {
        type: 'Linear',
        channels: [
          {
            name: 'Channel 1',
            enabled: true,
            color: { red: 0, green: 255, blue: 0 },
            range: { minimum: 49, maximum: 255 },
            minLimit: 0,
            maxLimit: 255,
          },
          {
            name: 'Channel 2',
            enabled: true,
            color: { red: 0, green: 0, blue: 255 },
            range: { minimum: 45, maximum: 255 },
            minLimit: 0,
            maxLimit: 255,
          },
        ],
      },
    });
    const int8 = (await get(reader, ids.get(INT8)!)).json();
    expect(int8.preset.channels.map((c: Channel) => [c.range.minimum, c.range.maximum])).toEqual([
      [-1, 96],
      [-1, 96],
      [-1, 96],
    ]);
  });

  it('answers 404 EQUALIZATION_PRESET_NOT_FOUND for a slide with nothing to equalize (the viewer stays silent)', async () => {
    const res = await get(reader, ids.get(SVS)!);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(EQUALIZATION_PRESET_NOT_FOUND);
    expect(await findEffectivePreset(t().ctx, ids.get(SVS)!, reader.id)).toBeNull();
    expect(await findEffectivePreset(t().ctx, newId(), reader.id)).toBeNull();
  });

  it('takes the user preset over the project preset over the default over the computed one', async () => {
    const slide = ids.get(INT8)!;
    const three = (min: number) => preset(channel(min, 100), channel(min, 100), channel(min, 100));
    expect((await put(owner, slide, { preset: three(-10), isDefault: true })).statusCode).toBe(200);
    expect(await get(writer, slide).then((r) => r.json())).toMatchObject({
      source: 'default',
      hasDefaultPreset: true,
    });
    expect((await put(owner, slide, { preset: three(-20) })).statusCode).toBe(200);
    expect(await sourceOf(writer, slide)).toBe('project');
    const mine = await put(writer, slide, { preset: three(-30), useUserId: writer.id });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().message).toBe(EQUALIZATION_MESSAGES.saved);
    const writerView = (await get(writer, slide)).json();
    expect(writerView.source).toBe('user');
    expect(writerView.preset.channels[0].range.minimum).toBe(-30);
    // Another member still sees the project preset: a "for me" preset is the saver's alone.
    expect((await get(reader, slide)).json().preset.channels[0].range.minimum).toBe(-20);
    expect((await findEffectivePreset(t().ctx, slide, writer.id))?.source).toBe('user');

    // Reset walks back down: the writer's own preset, then the project's, leaving the default.
    const resetMine = await del(writer, slide, { useUserId: writer.id });
    expect(resetMine.statusCode).toBe(200);
    expect(resetMine.json()).toEqual({ message: EQUALIZATION_MESSAGES.reset, slideIds: [slide] });
    expect(await sourceOf(writer, slide)).toBe('project');
    expect((await del(owner, slide, {})).statusCode).toBe(200);
    expect((await get(writer, slide)).json()).toMatchObject({
      source: 'default',
      preset: { channels: [{ range: { minimum: -10 } }, {}, {}] },
    });
  });

  it('refuses saving or resetting for the project or as default without equalizationManage, writing nothing', async () => {
    const slide = ids.get(GRAY16)!;
    for (const body of [
      { preset: preset(channel(0, 1000)) },
      { preset: preset(channel(0, 1000)), isDefault: true },
    ]) {
      const res = await put(writer, slide, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'EQUALIZATION_MANAGE_REQUIRED',
        message: 'Saving for the entire project or as default needs the equalizationManage permission',
      });
    }
    expect(await sourceOf(writer, slide)).toBe('computed');
    expect((await put(owner, slide, { preset: preset(channel(0, 1000)) })).statusCode).toBe(200);
    const reset = await del(writer, slide, {});
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe('EQUALIZATION_MANAGE_REQUIRED');
    expect(await sourceOf(writer, slide)).toBe('project');
    // "For me" is open to every member, the read-only ones too.
    expect(
      (await put(reader, slide, { preset: preset(channel(5, 6)), useUserId: reader.id })).statusCode,
    ).toBe(200);
    expect(await sourceOf(reader, slide)).toBe('user');
  });

  it('refuses saving for someone else, and "for me" together with "as default"', async () => {
    const slide = ids.get(OME)!;
    const body = { preset: preset(channel(0, 9), channel(0, 9)) };
    const other = await put(writer, slide, { ...body, useUserId: reader.id });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'useUserId must be your own user id' });
    const both = await put(owner, slide, { ...body, useUserId: owner.id, isDefault: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Save either for me (useUserId) or as default (isDefault), not both');
    expect((await del(writer, slide, { useUserId: reader.id })).statusCode).toBe(400);
  });

  it('clamps ranges to the channel limits (min never above max) and takes names and limits from the slide', async () => {
    const res = await put(owner, ids.get(INT8)!, {
      preset: preset(
        { ...channel(-500, 500), name: 'mine', minLimit: -9999, maxLimit: 9999 },
        channel(100, 20),
        channel(200, 300, false),
      ),
      useUserId: owner.id,
    });
    expect(res.statusCode).toBe(200);
    const saved = (await get(owner, ids.get(INT8)!)).json().preset as EqualizationPreset;
    expect(saved).toEqual(res.json().preset);
    expect(
      saved.channels.map((c) => [
        c.name,
        c.range.minimum,
        c.range.maximum,
        c.minLimit,
        c.maxLimit,
        c.enabled,
      ]),
    ).toEqual([
      ['Channel 1', -128, 127, -128, 127, true],
      ['Channel 2', 20, 20, -128, 127, true],
      ['Channel 3', 127, 127, -128, 127, false],
    ]);
    const gray = await put(owner, ids.get(GRAY16)!, {
      preset: preset(channel(-1, 70_000)),
      useUserId: owner.id,
    });
    expect(gray.json().preset.channels[0].range).toEqual({ minimum: 0, maximum: 65535 });
  });

  it('applies to all given slides with a count, and writes nothing when one slide id is bad', async () => {
    const slide = ids.get(OME)!;
    const body = { preset: preset(channel(1, 2), channel(3, 4)), useUserId: writer.id };
    for (const bad of [newId(), otherProjectSlide]) {
      const res = await put(writer, slide, { ...body, slideIds: [omeCopy, bad] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'SLIDE_NOT_FOUND', message: `Slide with id ${bad} not found.` });
    }
    const mismatch = await put(writer, slide, { ...body, slideIds: [omeCopy, ids.get(INT8)!] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      code: 'EQUALIZATION_CHANNELS_MISMATCH',
      message: `The preset has 2 channels but slide ${ids.get(INT8)} has 3`,
    });
    expect(await sourceOf(writer, slide)).toBe('computed');
    expect(await sourceOf(writer, omeCopy)).toBe('computed');

    // The current slide is listed too by some clients: it is saved once, and counted once.
    const res = await put(writer, slide, { ...body, slideIds: [omeCopy, slide] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Successfully saved (2 slides)',
      slideIds: [slide, omeCopy],
    });
    for (const id of [slide, omeCopy])
      expect((await get(writer, id)).json()).toMatchObject({
        source: 'user',
        preset: { channels: [{ range: { minimum: 1 } }, {}] },
      });
    // Saving again updates in place (one preset per slide, scope and user).
    expect(
      (await put(writer, slide, { ...body, preset: preset(channel(7, 8), channel(3, 4)) })).statusCode,
    ).toBe(200);
    expect((await get(writer, slide)).json().preset.channels[0].range).toEqual({ minimum: 7, maximum: 8 });
    const rows = await t()
      .ctx.db.selectFrom('equalization_presets')
      .select('id')
      .where('slide_id', '=', slide)
      .where('user_id', '=', writer.id)
      .execute();
    expect(rows).toHaveLength(1);

    const reset = await del(writer, slide, { slideIds: [omeCopy], useUserId: writer.id });
    expect(reset.json()).toEqual({
      message: 'Successfully reset to default (2 slides)',
      slideIds: [slide, omeCopy],
    });
    expect(await sourceOf(writer, omeCopy)).toBe('computed');
  });

  it('answers EQUALIZATION_PRESET_NOT_FOUND when a reset finds nothing to reset (ignored by the viewer)', async () => {
    const res = await del(reader, ids.get(OME)!, { useUserId: reader.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(EQUALIZATION_PRESET_NOT_FOUND);
    const bad = await del(reader, ids.get(OME)!, { useUserId: reader.id, slideIds: [otherProjectSlide] });
    expect(bad.json().code).toBe('SLIDE_NOT_FOUND');
  });

  it('refuses malformed presets and bodies with 400 and writes nothing', async () => {
    const slide = ids.get(OME)!;
    const good = preset(channel(0, 9), channel(0, 9));
    const bodies: unknown[] = [
      {},
      { preset: { ...good, type: 'Gamma' } },
      {
        preset: {
          type: 'Linear',
          channels: [{ ...channel(0, 9), color: { red: 300, green: 0, blue: 0 } }, channel(0, 9)],
        },
      },
      { preset: { type: 'Linear', channels: [{ enabled: true }, channel(0, 9)] } },
      { preset: good, slideIds: ['../etc'] },
      { preset: good, extra: 1 },
      { preset: good, isDefault: 'yes' },
    ];
    for (const payload of bodies) {
      const res = await t().request(owner, { method: 'PUT', url: url(slide), payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const notJson = await t().request(owner, {
      method: 'PUT',
      url: url(slide),
      payload: '{"preset":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await sourceOf(owner, slide)).toBe('computed');
  });

  it('answers 404 to non-members and for slides of other projects', async () => {
    const slide = ids.get(OME)!;
    for (const res of [
      await get(outsider, slide),
      await put(outsider, slide, { preset: preset(channel(0, 9), channel(0, 9)), useUserId: outsider.id }),
      await del(outsider, slide, { useUserId: outsider.id }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    }
    const foreign = await get(owner, otherProjectSlide);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('SLIDE_NOT_FOUND');
  });
});
