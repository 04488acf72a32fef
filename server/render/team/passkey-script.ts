/**
 * The workspace's only script: passkeys, on the sign-in and account pages. It uses the browser half
 * of SimpleWebAuthn (served beside it from node_modules) and posts forms like every other page.
 * Nothing else on the workspace needs a script: every action is a plain form.
 */
export const PASSKEY_SCRIPT = `
const { startRegistration, startAuthentication, browserSupportsWebAuthn } = window.SimpleWebAuthnBrowser;
const supported = browserSupportsWebAuthn() && !/^[\\d.]+$|^\\[/.test(location.hostname);
for (const element of document.querySelectorAll('[data-passkey]')) element.hidden = !supported;
const status = document.getElementById('passkey-status');
const say = (text) => { if (status) status.textContent = text; };
const post = (url, fields) =>
  fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
const answer = async (response) => {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || 'The server refused it.');
  return body;
};
const failed = (error) => say(error && error.name === 'NotAllowedError' ? 'No passkey was used.' : (error && error.message) || 'The passkey did not work.');

document.getElementById('passkey-sign-in')?.addEventListener('click', async (event) => {
  const next = event.currentTarget.dataset.next || '/team';
  say('Waiting for your passkey…');
  try {
    const { options, challengeId } = await answer(await post('/team/sign-in/passkey/options', {}));
    const response = await startAuthentication({ optionsJSON: options });
    const done = await answer(await post('/team/sign-in/passkey/verify', { challengeId, response: JSON.stringify(response), next }));
    say('Signed in.');
    location.assign(done.next);
  } catch (error) { failed(error); }
});

document.getElementById('passkey-add')?.addEventListener('click', async (event) => {
  const _csrf = event.currentTarget.dataset.csrf;
  say('Waiting for your device…');
  try {
    const { options, challengeId } = await answer(await post('/team/passkeys/options', { _csrf }));
    const response = await startRegistration({ optionsJSON: options });
    await answer(await post('/team/passkeys', { _csrf, challengeId, response: JSON.stringify(response) }));
    location.assign('/team/account?done=passkey_added');
  } catch (error) { failed(error); }
});
`;
