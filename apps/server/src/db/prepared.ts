/**
 * Queries on the path of every request (authentication, project scope, the tile lookup), built and
 * compiled once per database and then run with new values. Kysely builds and compiles each query on
 * every call; for indexed point lookups that costs several times more than running them (measured with
 * `npm run bench -- tiles`).
 */
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.ts';

/** Stands in for an argument while the query is compiled; never a real value (NUL is not in our ids). */
const SLOT = '\u0000arg:';

interface Compiled {
  query: CompiledQuery;
  /** Per compiled parameter: the argument it takes, or the constant it always is. */
  parameters: ({ arg: string } | { constant: unknown })[];
}

export interface PreparedQuery<Args extends Record<string, string>, Row> {
  all(db: Db, args: Args): Promise<Row[]>;
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
    if (query.sql.includes(SLOT)) throw new Error('A prepared query used an argument outside a value position');
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(SLOT) ? { arg: p.slice(SLOT.length) } : { constant: p },
    );
    return { query, parameters };
  };
  const all = async (db: Db, args: Args): Promise<Row[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) compiledFor.set(db, (compiled = compile(db)));
    const parameters = compiled.parameters.map((p) => ('arg' in p ? args[p.arg] : p.constant));
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters } as CompiledQuery<Row>);
    return result.rows;
  };
  return { all, first: async (db, args) => (await all(db, args))[0] };
}
