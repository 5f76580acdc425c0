/**
 * Outgoing mail. With an SMTP URL configured it goes through nodemailer; without one each message is
 * written to dataDir/outbox as an .eml file and logged, so a local administrator can still read reset codes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  return {
    async send(m) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      const eml = `From: ${opts.from}\nTo: ${m.to}\nSubject: ${m.subject}\nDate: ${new Date().toUTCString()}\n\n${m.text}\n`;
      await fs.writeFile(file, eml, { mode: 0o600 });
      opts.log(`No SMTP configured: mail to ${m.to} ("${m.subject}") written to ${file}`);
    },
  };
}
