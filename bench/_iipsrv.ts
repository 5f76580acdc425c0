/**
 * iipsrv 1.1 (Debian) as the benchmarks run it: two standalone FastCGI processes behind lighttpd on
 * loopback (anchors-performance §9.1). lighttpd also serves `www` (the viewer benchmark's peer page).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startChild, waitFor } from './_lib.ts';

export const IIPSRV = '/usr/lib/iipimage-server/iipsrv.fcgi';

/** lighttpd with iipsrv as 2 standalone FastCGI processes on loopback (anchors-performance §9.1). */
export async function startIipsrv(work: string): Promise<{ base: string; www: string }> {
  const fcgiPorts = [await freePort(), await freePort()];
  for (const p of fcgiPorts)
    startChild(
      IIPSRV,
      ['--bind', `127.0.0.1:${p}`, '--backlog', '1024'],
      { MAX_IMAGE_CACHE_SIZE: '10', JPEG_QUALITY: '75', LOGFILE: '/dev/null' },
      `iipsrv:${p}`,
    );
  const port = await freePort();
  const www = path.join(work, 'www');
  mkdirSync(www);
  const conf = path.join(work, 'lighttpd.conf');
  const backends = fcgiPorts
    .map((p) => `("host" => "127.0.0.1", "port" => ${p}, "check-local" => "disable")`)
    .join(',\n  ');
  writeFileSync(
    conf,
    [
      `server.document-root = "${www}"`,
      `server.port = ${port}`,
      `server.bind = "127.0.0.1"`,
      `server.errorlog = "${path.join(work, 'lighttpd-error.log')}"`,
      `server.modules = ("mod_fastcgi")`,
      `fastcgi.server = ( "/fcgi-bin/iipsrv.fcgi" => (\n  ${backends} ) )`,
      `mimetype.assign = ( ".html" => "text/html", ".js" => "text/javascript", ".png" => "image/png" )`,
      '',
    ].join('\n'),
  );
  startChild('lighttpd', ['-D', '-f', conf], {}, 'lighttpd');
  const base = `http://127.0.0.1:${port}`;
  await waitFor('lighttpd', async () => (await fetch(`${base}/`)).status > 0);
  return { base, www };
}
