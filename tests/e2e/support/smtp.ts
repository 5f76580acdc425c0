/**
 * The SMTP peer of the e2e run: a real smtp-server on 127.0.0.1 that keeps every received message in
 * memory, plus a tiny HTTP endpoint (GET /mails → JSON) through which the test workers read them.
 * The server sends through nodemailer exactly as in production; only the receiving end is ours.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** Decodes one header value's RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=). */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses the single-part text messages nodemailer produces for {from, to, subject, text}. */
export function parseMessage(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    to,
    subject: decodeWords(header('Subject')),
    text: text.replace(/\r\n/g, '\n'),
    receivedAt: new Date().toISOString(),
  };
}

export interface SmtpPeer {
  port: number;
  mailboxUrl: string;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMessage(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });

  const httpServer = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/mails') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(mails));
      return;
    }
    res.writeHead(404).end();
  });
  const httpPort = await freePort();
  await new Promise<void>((resolve) => httpServer.listen(httpPort, '127.0.0.1', resolve));

  return {
    port,
    mailboxUrl: `http://127.0.0.1:${httpPort}/mails`,
    close: async () => {
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
