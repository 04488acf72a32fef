import { type Context, Hono } from 'hono';
import { parseBusinessFile } from '../../../src/lib/api-contract/business-file';
import type { Services } from '../../app-services';
import { type SettingsMessage, settingsPage } from '../../render/team/settings-page';
import { forbiddenPage } from '../../render/team/sign-in-pages';
import { saveSettings, settingsFromForm, storedSettings } from '../../services/team/settings';
import { actingMember, signedInPage, type TeamEnv } from './guard';

/** The business's settings, for owners: the same rules as business.json, shown in the shop on its next read. */
export function settingsRoutes({ db, clock, business }: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  app.use('*', async (c, next) => {
    if (c.var.session.member.role !== 'owner') {
      return c.html(forbiddenPage(ctx(c), 'Only an owner can change the shop’s settings.'), 403);
    }
    await next();
  });
  const withDefaults = (stored: Record<string, unknown>) => parseBusinessFile(stored).settings ?? stored;

  app.get('/', async (c) => {
    const stored = await storedSettings(db);
    const done: SettingsMessage | undefined =
      c.req.query('done') === 'saved' ? { kind: 'saved', keys: ['saved'] } : undefined;
    return c.html(settingsPage(ctx(c), stored, withDefaults(stored), done));
  });

  app.post('/', async (c) => {
    const form = await c.req.parseBody();
    const me = actingMember(c);
    const outcome = await saveSettings(db, form, me, clock());
    if (outcome.kind === 'saved' && outcome.keys.length) {
      return c.redirect('/team/settings?done=saved', 303);
    }
    const stored = await storedSettings(db);
    // A refused form shows what was typed; a conflict shows the settings as they are now.
    const shown = outcome.kind === 'invalid' ? settingsFromForm(stored, form) : withDefaults(stored);
    return c.html(
      settingsPage(ctx(c), stored, shown, outcome),
      outcome.kind === 'saved' ? 200 : outcome.kind === 'invalid' ? 400 : 409,
    );
  });
  return app;
}
