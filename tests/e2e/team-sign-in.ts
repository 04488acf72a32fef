import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { serverDb } from './browser';

type Db = Awaited<ReturnType<typeof serverDb>>;

/** A member of the team on the e2e server (added once; the address is theirs from then on). */
export async function addTeamMember(db: Db, email: string, role: 'owner' | 'staff' = 'owner', name = 'Olive Owner') {
  await db.execute({
    sql: 'INSERT OR IGNORE INTO team_members (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)',
    args: [randomUUID(), email, name, role, new Date().toISOString()],
  });
}

/** The newest sign-in link the server emailed to an address (its path: the server's port is its own). */
export async function emailedSignInLink(db: Db, to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.execute({
      sql: "SELECT text FROM email_outbox WHERE kind = 'team_sign_in' AND to_address = ? ORDER BY rowid DESC LIMIT 1",
      args: [to],
    });
    const match = /(https?:\/\/\S+\/team\/sign-in\/\S+)/.exec(String(rows[0]?.text ?? ''));
    if (match?.[1]) return new URL(match[1]).pathname + new URL(match[1]).search;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in email to ${to}`);
}

/**
 * Signs in as a person would, from the sign-in page the workspace sent `page` to: the form, the
 * emailed link, the Sign in button (by keyboard). Ends back where the workspace was asked for.
 */
export async function signInHere(page: Page, db: Db, email: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/team/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Email address').press('Enter');
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.goto(await emailedSignInLink(db, email));
  await page.getByRole('button', { name: 'Sign in' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
}
