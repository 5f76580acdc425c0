/**
 * Queries on the path of every request (authentication, project scope, the tile lookup), built and
 * compiled once per database and then run with new values. Kysely builds and compiles each query on
 * every call; for indexed point lookups that costs several times more than running them (measured with
 * `npm run bench -- tiles`).
 *
 * Their answers are also remembered until a table they read changes (any write to it, by any connection:
 * database.ts dataVersionOf), so a burst of tile requests reads the session, roles and membership once,
 * a logout or role change anywhere is seen by the next request, and the commits of other tables (each
 * token refresh writes `sessions`) leave the slide and membership lookups remembered.
 */
import { CompiledQuery, type Compilable, type OperationNode } from 'kysely';
import { dataVersionOf, versionKey, type Db } from './database.ts';

/** Stands in for an argument while the query is compiled; never a real value (NUL is not in our ids). */
const SLOT = '\u0000arg:';

/** Answers remembered per query and database; beyond this the oldest are dropped. */
const MAX_REMEMBERED = 10_000;

interface Compiled {
  query: CompiledQuery;
  /** Per compiled parameter: the argument it takes, or the constant it always is. */
  parameters: ({ arg: string } | { constant: unknown })[];
  /** The tables the query reads, whose versions its remembered answers are kept by. */
  tables: string[];
  isUnversionedSaid?: boolean;
  /** Answers by argument values, with the data version they were read at. */
  remembered: Map<string, { version: string; rows: readonly unknown[] }>;
}

export interface PreparedQuery<Args extends Record<string, string>, Row> {
  all(db: Db, args: Args): Promise<readonly Row[]>;
  first(db: Db, args: Args): Promise<Row | undefined>;
}

/**
 * `build` receives stand-ins for its string arguments and may only pass them on as values (compared
 * with =, inserted): they are matched back by identity in the compiled parameters.
 */
export function preparedQuery<Args extends Record<string, string>, Row>(
  build: (db: Db, args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  const compiledFor = new WeakMap<Db, Compiled>();
  const compile = (db: Db): Compiled => {
    const stand = new Proxy({} as Args, { get: (_t, key) => `${SLOT}${String(key)}` });
    const query = build(db, stand).compile();
    if (query.sql.includes(SLOT))
      throw new Error('A prepared query used an argument outside a value position');
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(SLOT) ? { arg: p.slice(SLOT.length) } : { constant: p },
    );
    return { query, parameters, tables: tablesOf(query.query), remembered: new Map() };
  };
  const all = async (db: Db, args: Args): Promise<readonly Row[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) compiledFor.set(db, (compiled = compile(db)));
    const parameters = compiled.parameters.map((p) => ('arg' in p ? args[p.arg] : p.constant));
    const versions = await dataVersionOf(db)?.();
    const version = versions && versionKey(versions, compiled.tables);
    if (versions && version === undefined && !compiled.isUnversionedSaid) {
      compiled.isUnversionedSaid = true;
      const missing = compiled.tables.filter((t) => !versions.has(t)).join(', ');
      console.warn(
        `A remembered lookup reads tables without a version (${missing}): it reads anew every time. Give them one in a migration (see 0017).`,
      );
    }
    const key = version === undefined ? '' : parameters.map(String).join('\u0000');
    const known = version === undefined ? undefined : compiled.remembered.get(key);
    if (known && known.version === version) return known.rows as readonly Row[];
    const { rows } = await db.executeQuery<Row>({ ...compiled.query, parameters } as CompiledQuery<Row>);
    if (version === undefined) return rows;
    // Shared by every caller that asks again: frozen, so none can change another's answer.
    const answer = Object.freeze(rows.map((r) => Object.freeze(r)));
    const { remembered } = compiled;
    remembered.delete(key);
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { version, rows: answer });
    return answer;
  };
  return { all, first: async (db, args) => (await all(db, args))[0] };
}

/** The names of the tables a query node refers to, each once. */
function tablesOf(node: OperationNode): string[] {
  const tables = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const n = value as { kind?: string; table?: { identifier?: { name?: string } } };
    if (n.kind === 'TableNode' && n.table?.identifier?.name) tables.add(n.table.identifier.name);
    Object.values(value).forEach(visit);
  };
  visit(node);
  return [...tables].sort();
}
