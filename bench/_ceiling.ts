/**
 * The tiles benchmark's ceiling: a bare node:http server answering the benchmark's tile URLs with the
 * stored tile bytes (the slide's passthrough JPEGs, as Tessera answers them) from memory, one process per
 * core like Tessera's default. No routing, auth, database, cache or file read: what Node itself costs to
 * serve those bytes, so `ceiling_ratio` says how far Tessera is from the limit.
 * Usage (bench/tiles.ts starts it): node --import tsx bench/_ceiling.ts <slide> <port> <urls file>
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { openSlide } from '../packages/wsi/src/index.ts';

const [slidePath, port, urlsFile] = process.argv.slice(2);
if (!slidePath || !port || !urlsFile) throw new Error('usage: _ceiling.ts <slide> <port> <urls file>');

/** Every distinct URL's tile: the last two path segments are x and y of the slide's level 0. */
async function loadTiles(): Promise<Map<string, Buffer>> {
  const slide = await openSlide([slidePath!]);
  const tiles = new Map<string, Buffer>();
  try {
    for (const url of readFileSync(urlsFile!, 'utf8').split('\n')) {
      if (url === '' || tiles.has(url)) continue;
      const [x, y] = url.split('/').slice(-2).map(Number);
      tiles.set(url, await slide.readTile('passthrough', 0, x!, y!));
    }
  } finally {
    await slide.close();
  }
  return tiles;
}

if (cluster.isPrimary) {
  for (let i = 0; i < os.availableParallelism(); i++) cluster.fork();
} else {
  const tiles = await loadTiles();
  http
    .createServer((req, res) => {
      const body = tiles.get(req.url ?? '');
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
    })
    .listen(Number(port), '127.0.0.1');
}
