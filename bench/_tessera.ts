/** Tessera for the tiles and convert benchmarks: a fresh data folder, one project holding the imported slide. */
import path from 'node:path';
import { callApi, placeInImports, startBenchServer } from './_server.ts';

export interface Level {
  size: { w: number; h: number };
  tileSize: { w: number; h: number };
}

/** Starts Tessera (default settings: one serving process per core), imports the slide; answers the server, project, slide and tile URL parts. */
export async function startTessera(work: string, slide: string) {
  const dataDir = path.join(work, 'data');
  const folder = placeInImports(dataDir, [slide]);
  // The embedded SQLite unless BENCH_DATABASE_URL names an empty PostgreSQL database to measure instead.
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(dataDir, 'tessera.sqlite');
  const server = await startBenchServer({
    dir: work,
    databaseUrl,
    email: 'bench@tessera.example',
    password: 'Bench-Passw0rd!x',
    processes: 'auto',
  });
  const api = <T>(method: string, url: string, body?: unknown) =>
    callApi<T>(server.base, server.token, method, url, body);
  const project = await api<{ id: string }>('POST', '/v1/projects', { name: `Bench ${Date.now()}` });
  const summary = await api<{ imported: { slideId: string }[] }>(
    'POST',
    `/v1/projects/${project.id}/import`,
    { path: folder },
  );
  if (summary.imported.length !== 1)
    throw new Error(`import did not register the slide: ${JSON.stringify(summary)}`);
  const slideId = summary.imported[0]!.slideId;
  const info = await api<{ imageInfo: { levels: Level[] } }>(
    'GET',
    `/v1/projects/${project.id}/slides/${slideId}`,
  );
  return {
    ...server,
    databaseUrl,
    projectId: project.id,
    slideId,
    prefix: `/v1/projects/${project.id}/slides/${slideId}/tile/rgb/noeq`,
    levels: info.imageInfo.levels,
  };
}
