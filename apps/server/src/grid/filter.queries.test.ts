/**
 * The filter compiler never places request text into SQL (issue #4 point 10): for any filter model,
 * the SQL text depends only on the model's shape, and every text the request carries is a parameter.
 */
import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FilterModel } from '@tessera/contract';
import { SLIDE_GRID_SOURCE } from '../modules/slides/slide-grid.source.ts';
import { compileFilterModel, compileSearch } from './filter.queries.ts';
import { GridRequestError } from './grid-source.ts';

const compilers = {
  sqlite: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const columns = [...SLIDE_GRID_SOURCE.columns.values()].filter((c) => c.filter);
const text = fc.string({ unit: 'binary', maxLength: 40 });
const condition = (kind: string) => {
  switch (kind) {
    case 'text':
      return fc.record({
        filterType: fc.constant('text'),
        type: fc.constantFrom('contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith'),
        filter: text,
      });
    case 'number':
      return fc.record({
        filterType: fc.constant('number'),
        type: fc.constantFrom('equals', 'lessThan', 'inRange'),
        filter: fc.double({ noNaN: true, noDefaultInfinity: true }),
        filterTo: fc.double({ noNaN: true, noDefaultInfinity: true }),
      });
    case 'date':
      return fc.record({
        filterType: fc.constant('date'),
        type: fc.constantFrom('equals', 'lessThan', 'inRange'),
        dateFrom: fc.constant('2024-01-02'),
        dateTo: fc.constant('2024-02-03'),
      });
    default:
      return fc.record({
        filterType: fc.constant('set'),
        values: fc.array(fc.option(text, { nil: null }), { maxLength: 5 }),
      });
  }
};
const filterModel = fc
  .uniqueArray(fc.constantFrom(...columns), { maxLength: 6, selector: (c) => c.field })
  .chain((chosen) =>
    fc.tuple(
      ...chosen.map((c) =>
        condition(c.kind === 'bool' ? 'bool' : c.filter!).map((f) => [c.field, f] as const),
      ),
    ),
  )
  .map((entries) => Object.fromEntries(entries)) as fc.Arbitrary<FilterModel>;

/**
 * The model with its request texts replaced: filter texts by 'a's of the same length (the length picks
 * the index path), set values by other distinct values (equal ones stay equal). Dates stay: they are checked.
 */
function blanked(model: FilterModel): FilterModel {
  const placeholders = new Map<string, string>();
  const setValue = (v: string | null) =>
    v === null ? null : (placeholders.get(v) ?? placeholders.set(v, `v${placeholders.size}`).get(v)!);
  return Object.fromEntries(
    Object.entries(model).map(([field, f]) => {
      if (f.filterType === 'set') return [field, { ...f, values: f.values.map(setValue) }];
      if (f.filterType === 'text' && 'filter' in f)
        return [field, { ...f, filter: 'a'.repeat((f.filter ?? '').length) }];
      return [field, f];
    }),
  );
}

describe('filter compiler (property)', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`keeps every request text out of the SQL text (${dialect})`, () => {
      const ctx = { source: SLIDE_GRID_SOURCE, dialect, projectId: 'p'.repeat(24) };
      const compile = (model: FilterModel, search: string) =>
        sql`SELECT 1 FROM slides WHERE ${compileFilterModel(ctx, model)} AND ${compileSearch(ctx, search)}`.compile(
          compilers[dialect],
        );
      fc.assert(
        fc.property(filterModel, text, (model, search) => {
          let compiled;
          try {
            compiled = compile(model, search);
          } catch (error) {
            // Set values a bool or number column cannot hold are refused, never compiled.
            expect(error).toBeInstanceOf(GridRequestError);
            return;
          }
          const shape = compile(blanked(model), 'a'.repeat(search.trim().length)); // the search text is trimmed first
          expect(compiled.sql).toBe(shape.sql);
          expect(compiled.parameters.length).toBe(shape.parameters.length);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('refuses field names outside the registry, whatever they hold', () => {
    const ctx = { source: SLIDE_GRID_SOURCE, dialect: 'sqlite' as const, projectId: 'p'.repeat(24) };
    fc.assert(
      fc.property(
        text.filter((f) => !SLIDE_GRID_SOURCE.columns.has(f)),
        (field) => {
          expect(() =>
            compileFilterModel(ctx, { [field]: { filterType: 'text', type: 'contains', filter: 'x' } }),
          ).toThrow(GridRequestError);
        },
      ),
    );
  });
});
