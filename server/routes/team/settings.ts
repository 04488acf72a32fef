import { type Context, Hono } from 'hono';
import { parseBusinessFile } from '../../../src/lib/api-contract/business-file';
import type { Services } from '../../app-services';
import { type SettingsMessage, settingsPage } from '../../render/team/settings-page';
import { forbiddenPage } from '../../render/team/sign-in-pages';
import { deleteSavedLine, savedLinesOf } from '../../services/team/request-own-lines';
import { saveSettings, settingsFromForm, storedSettings } from '../../services/team/settings';
import { actingMember, signedInPage, type TeamEnv } from './guard';

/** The business's settings, for owners: the same rules as business.json, shown in the shop on its next read. */
/** What a saved line's Remove says back. */
const SAVED_LINE_NOTES: Record<string, SettingsMessage> = {
  line_forgotten: { kind: 'note', text: 'Saved line removed. Requests that have it keep their line.' },
  line_gone: { kind: 'note', text: 'That saved line had been removed already.', tone: 'problem' },
};

export function settingsRoutes(deps: Services) {
  const { db, clock, business } = deps;
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
    const code = c.req.query('done') ?? '';
    const done: SettingsMessage | undefined =
      code === 'saved' ? { kind: 'saved', keys: ['saved'] } : SAVED_LINE_NOTES[code];
    return c.html(settingsPage(ctx(c), stored, withDefaults(stored), done, await savedLinesOf(db)));
  });

  // A saved line forgotten (issue 61): the requests that have it keep theirs.
  app.post('/saved-lines/:saved/remove', async (c) => {
    const outcome = await deleteSavedLine(deps, c.req.param('saved'), actingMember(c));
    const done = outcome.kind === 'applied' ? 'line_forgotten' : 'line_gone';
    return c.redirect(`/team/settings?done=${done}#saved-lines`, 303);
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
      settingsPage(ctx(c), stored, shown, outcome, await savedLinesOf(db)),
      outcome.kind === 'saved' ? 200 : outcome.kind === 'invalid' ? 400 : 409,
    );
  });
  return app;
}
