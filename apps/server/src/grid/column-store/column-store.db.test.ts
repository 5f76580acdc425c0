/**
 * The column store answers exactly what SQL answers (counts, group rows, set-filter values) for random
 * filter models over random slides, on both databases; and it follows every kind of write: edits,
 * new values, new, deleted and moved slides, list changes, and a pruned change log.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridRequest } from '@tessera/contract';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { SLIDE_GRID_SOURCE } from '../../modules/slides/slide-grid.source.ts';
import { insertTestSlides } from '../../../test/slides.fixtures.ts';
import { slideSelect } from '../../modules/slides/slide-rows.ts';
import { distinctValues, runGrid } from '../grid-engine.ts';
import { sortTermsOf, type GridContext } from '../grid-source.ts';
import { ColumnStores } from './column-stores.ts';
import { planLeafCount } from '../grid-plan.ts';
import { answerFromStore } from './store-query.ts';

const INDICATIONS = ['NSCLC', 'Breast cancer', 'Melanoma', 'melanoma', 'Ωmega'];
const DRUGS = ['Atezolizumab', 'Placebo', 'Nivolumab'];
const MARKERS = ['CD3', 'CD8', 'PD-L1'];
const DAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-02-29', '2024-03-01'];

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const slide = fc.record({
  indicationV2: nullable(fc.constantFrom(...INDICATIONS)),
  blockId: nullable(fc.constantFrom('B-1', 'b-1', 'B-2')),
  // More distinct values than MAX_BITMAP_CODES: passes over the codes; the others: code bitmaps.
  hScore: nullable(fc.integer({ min: 0, max: 150 })),
  necrosis: nullable(fc.constantFrom(0, 0.5, 12.25, 99.5, 100)),
  imageQcPass: nullable(fc.boolean()),
  collectionDate: nullable(fc.constantFrom(...DAYS)),
  scanDate: nullable(
    fc.constantFrom(...DAYS).chain((d) =>
      fc.oneof(
        fc.constantFrom(`${d}T00:00:00.000Z`, `${d}T23:59:59.999Z`),
        fc
          .integer({ min: 0, max: 1439 })
          .map(
            (m) =>
              `${d}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00.000Z`,
          ),
      ),
    ),
  ),
  drugIds: fc.uniqueArray(fc.constantFrom(...DRUGS), { maxLength: 2 }),
  markers: fc.uniqueArray(fc.constantFrom(...MARKERS), { maxLength: 2 }),
});

const setOf = (values: readonly (string | null)[]) =>
  fc.record({ filterType: fc.constant('set'), values: fc.subarray([...values, null]) });
const numberCondition = (values: fc.Arbitrary<number>) =>
  fc.record({
    filterType: fc.constant('number'),
    type: fc.constantFrom(
      'equals',
      'notEqual',
      'lessThan',
      'lessThanOrEqual',
      'greaterThan',
      'greaterThanOrEqual',
      'inRange',
      'blank',
      'notBlank',
    ),
    filter: values,
    filterTo: values,
  });
const dateCondition = fc.record({
  filterType: fc.constant('date'),
  type: fc.constantFrom('equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange', 'blank', 'notBlank'),
  dateFrom: fc.constantFrom(...DAYS),
  dateTo: fc.constantFrom(...DAYS),
});
const combined = <T>(condition: fc.Arbitrary<T>, filterType: string) =>
  fc.oneof(
    condition,
    fc.record({
      filterType: fc.constant(filterType),
      operator: fc.constantFrom('AND', 'OR'),
      conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
    }),
  );
const FILTERS: Record<string, fc.Arbitrary<unknown>> = {
  indicationV2: setOf(INDICATIONS),
  blockId: fc.oneof(
    fc.record({ filterType: fc.constant('text'), type: fc.constantFrom('blank', 'notBlank') }),
    fc.record({ filterType: fc.constant('text'), type: fc.constant('contains'), filter: fc.constant('') }),
  ),
  hScore: fc.oneof(
    setOf(['0', '3', '70', '150']),
    combined(numberCondition(fc.integer({ min: -1, max: 151 })), 'number'),
  ),
  necrosis: combined(numberCondition(fc.constantFrom(0, 0.5, 12.25, 50, 100)), 'number'),
  imageQcPass: setOf(['true', 'false']),
  collectionDate: fc.oneof(setOf(DAYS), combined(dateCondition, 'date')),
  scanDate: combined(dateCondition, 'date'),
  drugIds: setOf(DRUGS),
  assays: setOf(MARKERS),
};
const filterModel = fc
  .subarray(Object.keys(FILTERS), { maxLength: 4 })
  .chain((fields) => fc.tuple(...fields.map((f) => FILTERS[f]!.map((filter) => [f, filter] as const))))
  .map((entries) => Object.fromEntries(entries) as GridRequest['filterModel']);

const request = (over: Partial<GridRequest> = {}): GridRequest => ({
  startRow: 0,
  endRow: 100,
  filterModel: {},
  sortModel: [],
  rowGroupCols: [],
  groupKeys: [],
  valueCols: [],
  pivotCols: [],
  pivotMode: false,
  globalSearchText: '',
  ...over,
});

describe.each(DIALECTS)('column store [%s]', (dialect) => {
  let database: TestDatabase;
  let projectId: string;
  let stores: ColumnStores;
  let viaStore: GridContext;
  let viaSql: GridContext;

  const newProject = async () => {
    const id = newId();
    const now = nowIso();
    await database.db
      .insertInto('projects')
      .values({
        id,
        name: `P ${id}`,
        name_key: id,
        summary: '',
        folder_id: '',
        is_home: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  const count = async (ctx: GridContext, filterModel: GridRequest['filterModel'] = {}) =>
    (
      await runGrid(
        ctx,
        request({ filterModel, endRow: 1 }),
        sortTermsOf(SLIDE_GRID_SOURCE, [], [{ colId: 'fileName', sort: 'asc' }]),
        slideSelect(['id']),
      )
    ).filteredSlideCount;
  /** The store answered (no fallback to SQL): its mask exists for this model. */
  const storeAnswers = async (filterModel: GridRequest['filterModel']) => {
    const leaf = planLeafCount(viaStore, request({ filterModel }), [], []);
    return leaf !== null && (await answerFromStore(viaStore, leaf.plan, () => true)) === true;
  };

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    projectId = await newProject();
    stores = new ColumnStores(database.db, dialect, 64 * 1024 * 1024);
    viaStore = { db: database.db, dialect, source: SLIDE_GRID_SOURCE, projectId, stores };
    viaSql = { db: database.db, dialect, source: SLIDE_GRID_SOURCE, projectId };
    const slides = fc.sample(slide, { numRuns: 300, seed: 7 });
    await insertTestSlides(
      database.db,
      projectId,
      slides.map(({ markers, ...s }, i) => ({
        ...s,
        fileName: `S${i}.svs`,
        assays: markers.map((marker, c) => ({ channel: c + 1, marker })),
      })),
    );
    // Another project's slides are never counted.
    await insertTestSlides(database.db, await newProject(), [
      { fileName: 'other.svs', indicationV2: 'NSCLC' },
    ]);
  });
  afterAll(() => database.dispose());

  it('counts what SQL counts, for any filter model', async () => {
    await fc.assert(
      fc.asyncProperty(filterModel, async (model) => {
        expect(await storeAnswers(model)).toBe(true);
        expect(await count(viaStore, model)).toBe(await count(viaSql, model));
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('orders a block by a vocabulary, boolean or number column as SQL does', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterModel,
        fc.constantFrom('indicationV2', 'hScore', 'necrosis', 'imageQcPass'),
        fc.boolean(),
        fc.nat(120),
        async (model, field, desc, startRow) => {
          const sortModel = [{ colId: field, sort: desc ? ('desc' as const) : ('asc' as const) }];
          const page = request({ filterModel: model, sortModel, startRow, endRow: startRow + 25 });
          const sort = sortTermsOf(SLIDE_GRID_SOURCE, sortModel, []);
          const [a, b] = await Promise.all([
            runGrid(viaStore, page, sort, slideSelect(['id', field])),
            runGrid(viaSql, page, sort, slideSelect(['id', field])),
          ]);
          expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
          expect(a.filteredSlideCount).toBe(b.filteredSlideCount);
        },
      ),
      { numRuns: 120, seed: 17 },
    );
  });

  it('answers group rows and set-filter values as SQL does, in its order', async () => {
    const groupable = ['indicationV2', 'hScore', 'imageQcPass', 'collectionDate'];
    await fc.assert(
      fc.asyncProperty(
        filterModel,
        fc.constantFrom(...groupable),
        fc.boolean(),
        async (model, field, desc) => {
          const groupRequest = request({
            filterModel: model,
            rowGroupCols: [{ id: field, field }],
            sortModel: desc ? [{ colId: field, sort: 'desc' }] : [],
          });
          const sort = sortTermsOf(SLIDE_GRID_SOURCE, [], [{ colId: 'fileName', sort: 'asc' }]);
          const [a, b] = await Promise.all([
            runGrid(viaStore, groupRequest, sort, []),
            runGrid(viaSql, groupRequest, sort, []),
          ]);
          expect(a).toEqual(b);
          // The next level under the first group key.
          if (a.rows.length) {
            const nested = {
              ...groupRequest,
              rowGroupCols: [
                { id: field, field },
                { id: 'indicationV2', field: 'indicationV2' },
              ],
              groupKeys: [a.rows[0]![field] as string],
            };
            expect(await runGrid(viaStore, nested, sort, [])).toEqual(
              await runGrid(viaSql, nested, sort, []),
            );
          }
          for (const values of ['indicationV2', 'drugIds', 'assays', 'scanDate', field]) {
            expect(
              await distinctValues(viaStore, { filterModel: model, globalSearchText: '' }, values, 3),
            ).toEqual(await distinctValues(viaSql, { filterModel: model, globalSearchText: '' }, values, 3));
          }
        },
      ),
      { numRuns: 60, seed: 13 },
    );
  });

  it('follows edits, new values, new, deleted and moved slides, and list changes', async () => {
    const melanoma = { indicationV2: { filterType: 'set' as const, values: ['Melanoma'] } };
    const atezolizumab = { drugIds: { filterType: 'set' as const, values: ['Atezolizumab'] } };
    const same = async (model: GridRequest['filterModel']) =>
      expect(await count(viaStore, model)).toBe(await count(viaSql, model));
    await same(melanoma);
    await same(atezolizumab);
    const [first, second] = (
      await database.db
        .selectFrom('slides')
        .select('id')
        .where('project_id', '=', projectId)
        .orderBy('file_name')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    // An edit to a known value, then to a value no slide held (the column reloads).
    await database.db
      .updateTable('slides')
      .set({ indication_v2: 'Melanoma' })
      .where('id', '=', first!)
      .execute();
    await same(melanoma);
    await database.db
      .updateTable('slides')
      .set({ indication_v2: 'Glioma' })
      .where('id', '=', first!)
      .execute();
    expect(await count(viaStore, { indicationV2: { filterType: 'set', values: ['Glioma'] } })).toBe(1);
    // A list changed (JSON and side rows together, as every write does).
    await database.db
      .updateTable('slides')
      .set({ drug_ids: JSON.stringify(['Atezolizumab']) })
      .where('id', '=', second!)
      .execute();
    await database.db.deleteFrom('slide_values').where('slide_id', '=', second!).execute();
    await database.db
      .insertInto('slide_values')
      .values({ slide_id: second!, project_id: projectId, field: 'drugIds', value: 'Atezolizumab' })
      .execute();
    await same(atezolizumab);
    // New slides, a deleted one, and one moved to another project.
    await insertTestSlides(database.db, projectId, [
      { fileName: 'new-1.svs', indicationV2: 'Melanoma', drugIds: ['Atezolizumab'] },
      { fileName: 'new-2.svs' },
    ]);
    await same(melanoma);
    await same(atezolizumab);
    await same({});
    await database.db.deleteFrom('slides').where('id', '=', first!).execute();
    await database.db
      .updateTable('slides')
      .set({ project_id: await newProject() })
      .where('id', '=', second!)
      .execute();
    await same(melanoma);
    await same(atezolizumab);
    await same({});
  });

  it('reloads when the change log no longer holds what it missed', async () => {
    const all = await count(viaStore);
    await database.db
      .deleteFrom('slides')
      .where('project_id', '=', projectId)
      .where('file_name', '=', 'new-2.svs')
      .execute();
    await sql`DELETE FROM grid_changes`.execute(database.db);
    expect(await count(viaStore)).toBe(all - 1);
    expect(await count(viaStore)).toBe(await count(viaSql));
  });
});
