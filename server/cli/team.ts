/**
 * npm run team -- add-owner <email> [name]   adds an owner (or makes a member one) and prints a
 *                                            one-time link to sign in with, valid for 7 days
 * npm run team -- sign-in-link <email>       prints a fresh one-time link for a member (15 minutes)
 * npm run team -- list                       lists the team
 *
 * Works on the database of DATABASE_URL, as the server does; PUBLIC_URL makes the links.
 */
import { exitOnConfigError, loadConfig } from '../config';
import { publicOrigin } from '../lib/public-origin';
import { emailAddress, listMembers, memberByEmail, putMember } from '../services/team/members';
import { createSignInLink } from '../services/team/sign-in-links';
import { openDb } from '../upgrades/open-db';

const USAGE = 'usage: npm run team -- add-owner <email> [name] | sign-in-link <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, address, ...rest] = argv;
  if (!command || !['add-owner', 'sign-in-link', 'list'].includes(command) || (command !== 'list' && !address)) {
    console.error(USAGE);
    return 2;
  }
  const config = exitOnConfigError(() => loadConfig());
  const db = await openDb({ url: config.databaseUrl, authToken: config.databaseAuthToken, holdDays: config.holdDays });
  try {
    if (command === 'list') {
      for (const m of await listMembers(db)) {
        console.log(`${m.email}\t${m.role}\t${m.name}${m.removedAt ? `\tremoved ${m.removedAt}` : ''}`);
      }
      return 0;
    }
    const parsed = emailAddress.safeParse(address);
    if (!parsed.success) {
      console.error(`${address} is not an email address.\n${USAGE}`);
      return 2;
    }
    const email = parsed.data;
    const now = new Date();
    const link = await db.transaction(async (tx) => {
      if (command === 'add-owner') {
        const { member, created } = await putMember(tx, { email, name: rest.join(' '), role: 'owner' }, 'system', now);
        console.log(`${created ? 'Added' : 'Already on the team:'} ${member.email} (owner).`);
        return createSignInLink(tx, member.id, 'invite', now);
      }
      const member = await memberByEmail(tx, email);
      if (!member || member.removedAt) return null;
      return createSignInLink(tx, member.id, 'sign_in', now);
    });
    if (!link) {
      console.error(`${email} is not on the team. Add an owner with: npm run team -- add-owner <email>`);
      return 1;
    }
    console.log(
      `Sign in once, within ${command === 'add-owner' ? '7 days' : '15 minutes'}, at:\n${publicOrigin(config)}/team/sign-in/${link}`,
    );
    console.log('Later, sign in at /team/sign-in with the address: a link comes by email.');
    return 0;
  } finally {
    db.$client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
