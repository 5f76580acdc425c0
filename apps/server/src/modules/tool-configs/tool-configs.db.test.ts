/**
 * Project tool configs on both databases: the documented default while nothing is stored, save and read
 * back per project, annotationsManage, unknown ids, each id's own strict schema, and hostile bodies.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { DEFAULT_TOOL_CONFIGS, TOOL_CONFIG_IDS, TOOL_CONFIG_MESSAGES } from '@tessera/domain';
import { describeEachDialect, type TestUser } from '../../../test/harness.ts';

describeEachDialect('tool configs', (t) => {
  let writer: TestUser; // projectWrite: has annotationsManage
  let reader: TestUser; // projectRead: has not
  let projectId: string;
  let otherProjectId: string;

  const url = (configId: string, project = projectId) =>
    `/v1/projects/${project}/tool-configs/${encodeURIComponent(configId)}`;
  const get = (user: TestUser, configId: string, project = projectId) =>
    t().request(user, { method: 'GET', url: url(configId, project) });
  const put = (user: TestUser, configId: string, payload: unknown, project = projectId) =>
    t().request(user, { method: 'PUT', url: url(configId, project), payload: payload as object });

  beforeAll(async () => {
    [writer, reader] = [await t().createUser(), await t().createUser()];
    const members = [
      { user: writer, role: 'projectWrite' as const },
      { user: reader, role: 'projectRead' as const },
    ];
    projectId = (await t().createProject({ members })).id;
    otherProjectId = (await t().createProject({ members })).id;
  });

  it('answers the documented default of every id while nothing is stored', async () => {
    for (const configId of TOOL_CONFIG_IDS) {
      const res = await get(reader, configId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ configId, config: DEFAULT_TOOL_CONFIGS[configId], isDefault: true });
    }
  });

  it('stores a config per project and id, replacing the last one', async () => {
    const cma = {
      cellMarkerSize: 12,
      mappedShortcuts: { positive: 'z', negative: 'x', '3+': '3', '0123456789abcdef01234567': 'k' },
    };
    const res = await put(writer, 'cellMarkerPanel', { config: cma });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ configId: 'cellMarkerPanel', config: cma, isDefault: false });
    expect((await get(reader, 'cellMarkerPanel')).json()).toEqual(res.json());
    const general = { pixelPerfectModeOn: true, annotationLabelsVisible: false, compareSyncOn: false };
    expect((await put(writer, 'multiViewGeneral', { config: general })).statusCode).toBe(200);
    expect(
      (await put(writer, 'multiViewGeneral', { config: { ...general, compareSyncOn: true } })).statusCode,
    ).toBe(200);
    expect((await get(reader, 'multiViewGeneral')).json().config).toEqual({
      ...general,
      compareSyncOn: true,
    });
    // Other ids and other projects keep their defaults.
    expect((await get(reader, 'samPanel')).json().isDefault).toBe(true);
    expect((await get(reader, 'cellMarkerPanel', otherProjectId)).json().isDefault).toBe(true);
  });

  it('refuses saving without annotationsManage, before reading the body, and stores nothing', async () => {
    const res = await put(reader, 'samPanel', { config: { mappedShortcuts: { add: 'a' } } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ERROR_CODES.forbidden);
    expect((await put(reader, 'samPanel', 'junk')).statusCode).toBe(403);
    expect((await get(reader, 'samPanel')).json().isDefault).toBe(true);
  });

  it('answers 404 TOOL_CONFIG_NOT_FOUND for an id that is not one of the config ids', async () => {
    for (const configId of ['searchResults', 'CELLMARKERPANEL', '__proto__', 'constructor', 'x'.repeat(64)]) {
      for (const res of [await get(reader, configId), await put(writer, configId, { config: {} })]) {
        expect(res.statusCode, configId).toBe(404);
        expect(res.json()).toEqual({
          code: ERROR_CODES.toolConfigNotFound,
          message: TOOL_CONFIG_MESSAGES.notFound(configId),
        });
      }
    }
    expect((await get(reader, 'x'.repeat(65))).statusCode).toBe(400);
    expect((await get(reader, 'a\u0000b')).statusCode).toBe(400);
  });

  it("checks each id's config with its own strict schema, naming the field", async () => {
    const cases: [string, unknown, string][] = [
      ['cellMarkerPanel', { cellMarkerSize: 2, mappedShortcuts: {} }, 'config.cellMarkerSize: '],
      ['cellMarkerPanel', { cellMarkerSize: 31, mappedShortcuts: {} }, 'config.cellMarkerSize: '],
      ['cellMarkerPanel', { cellMarkerSize: 5.5, mappedShortcuts: {} }, 'config.cellMarkerSize: '],
      ['cellMarkerPanel', { cellMarkerSize: 5 }, 'config.mappedShortcuts: '],
      [
        'cellMarkerPanel',
        { cellMarkerSize: 5, mappedShortcuts: { positive: 'qq' } },
        `config.mappedShortcuts.positive: ${TOOL_CONFIG_MESSAGES.hotkey}`,
      ],
      [
        'cellMarkerPanel',
        { cellMarkerSize: 5, mappedShortcuts: { positive: 'q', negative: 'Q' } },
        `config.mappedShortcuts.negative: ${TOOL_CONFIG_MESSAGES.hotkeyTaken('Q')}`,
      ],
      ['cellMarkerPanel', { cellMarkerSize: 5, mappedShortcuts: { '-x': 'q' } }, 'config.mappedShortcuts'],
      ['samPanel', { mappedShortcuts: { add: 'q', erase: 'w' } }, 'config.mappedShortcuts: '],
      [
        'samPanel',
        { mappedShortcuts: { add: 'q', box: 'q' } },
        `config.mappedShortcuts.box: ${TOOL_CONFIG_MESSAGES.hotkeyTaken('q')}`,
      ],
      [
        'multiViewGeneral',
        { pixelPerfectModeOn: 'yes', annotationLabelsVisible: true, compareSyncOn: true },
        'config.pixelPerfectModeOn: ',
      ],
      ['multiViewGeneral', { ...DEFAULT_TOOL_CONFIGS.multiViewGeneral, extra: 1 }, 'config: '],
      ['samPanel', DEFAULT_TOOL_CONFIGS.cellMarkerPanel, 'config.mappedShortcuts: Unrecognized keys'],
    ];
    for (const [configId, config, start] of cases) {
      const res = await put(writer, configId, { config });
      expect(res.statusCode, JSON.stringify(config)).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
      expect(res.json().message.startsWith(start), res.json().message).toBe(true);
    }
    expect((await get(reader, 'samPanel')).json().isDefault).toBe(true);
  });

  it('refuses hostile bodies with a 4xx and keeps serving', async () => {
    const many = Object.fromEntries(Array.from({ length: 37 }, (_, i) => [`class${i}`, String(i % 10)]));
    const bodies: unknown[] = [
      {},
      { config: null },
      { config: [] },
      { config: 'cellMarkerPanel' },
      { config: DEFAULT_TOOL_CONFIGS.cellMarkerPanel, extra: true },
      { config: { cellMarkerSize: 'NaN', mappedShortcuts: {} } },
      { config: { cellMarkerSize: 'Infinity', mappedShortcuts: {} } },
      { config: { cellMarkerSize: 5, mappedShortcuts: { positive: 'q\u0000' } } },
      { config: { cellMarkerSize: 5, mappedShortcuts: { 'pos\u0007': 'q' } } },
      { config: { cellMarkerSize: 5, mappedShortcuts: many } },
      { config: { cellMarkerSize: 5, mappedShortcuts: { positive: { nested: [[['q']]] } } } },
      [],
      null,
    ];
    for (const payload of bodies) {
      const res = await put(writer, 'cellMarkerPanel', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Not JSON at all: refused by its media type.
    expect((await put(writer, 'cellMarkerPanel', 'cellMarkerPanel')).statusCode).toBe(415);
    for (const raw of [
      '{"config":{"cellMarkerSize":1e999,"mappedShortcuts":{}}}',
      '{"config":{"cellMarkerSize":5,"mappedShortcuts":{"__proto__":"q"}}}',
      '{"config":{"cellMarkerSize":5,"mappedShortcuts":{},"__proto__":{"polluted":true}}}',
    ]) {
      const res = await t().request(writer, {
        method: 'PUT',
        url: url('cellMarkerPanel'),
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await get(reader, 'cellMarkerPanel')).json().config.cellMarkerSize).toBe(12); // as stored above
  });
});
