/** Reads what the SMTP peer received (support/smtp.ts) and waits for a matching message. */
import { expect } from '@playwright/test';
import { mailboxUrl } from './env.ts';
import type { ReceivedMail } from './smtp.ts';

export async function allMails(): Promise<ReceivedMail[]> {
  const res = await fetch(mailboxUrl());
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as ReceivedMail[];
}

/** The newest mail to `to` received after `since` (ISO), waiting until it arrives. */
export async function waitForMail(to: string, since: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await allMails();
        found = mails.filter((m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= since).at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
