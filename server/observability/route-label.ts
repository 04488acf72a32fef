/**
 * The route a path belongs to, as metrics label it: ids, tokens, tags and photo names become
 * placeholders, so the number of labels stays small whatever addresses people (or scanners) ask for.
 */
const ROUTES: [RegExp, string][] = [
  [/^\/api\/(products|bundles|product-groups)\/[^/]+$/, '/api/$1/:id'],
  [/^\/api\/customers\/[^/]+$/, '/api/customers/:id'],
  [/^\/api\/orders\/[^/]+\/[^/]+$/, '/api/orders/:id/:action'],
  [/^\/api\/requests\/[^/]+$/, '/api/requests/:token'],
  [/^\/api\/[a-z_/-]+$/, '$&'],
  [/^\/api\//, '/api/other'],
  [/^\/photos\//, '/photos/*'],
  [/^\/brand\//, '/brand/*'],
  [/^\/assets\//, '/assets/*'],
  [/^\/team\/requests\/\d+(\/[a-z-]+)?$/, '/team/requests/:id$1'],
  [/^\/team\/(groups|bundles)\/[^/]+(\/photos)?$/, '/team/$1/:id$2'],
  [/^\/team\/staff\/[^/]+\/remove$/, '/team/staff/:id/remove'],
  [/^\/team\/day\/[^/]+$/, '/team/day/:date'],
  [/^\/team\/(sign-in|invite)\/[^/]+$/, '/team/$1/:token'],
  [/^\/team\/[a-z-]+(\/[a-z-]+)*$/, '$&'],
  [/^\/team\/?$/, '/team'],
  [/^\/team\//, '/team/other'],
  [/^\/hire\/[^/]+\/page\/\d+$/, '/hire/:tag/page/:page'],
  [/^\/hire\/[^/]+$/, '/hire/:tag'],
  [/^\/(|hire|search|checkout|success|terms|app-shell|metrics)$/, '$&'],
  [/^\/services\/[^/]+$/, '/services/:service'],
  [/^\/[^/.]+$/, '/:service'],
  [/\.[a-z0-9]+$/i, '/file'],
];

export function routeLabel(pathname: string): string {
  for (const [pattern, label] of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const named = label.replace(/\$(&|\d)/g, (_all, group: string) =>
      group === '&' ? match[0] : (match[Number(group)] ?? ''),
    );
    return named.length > 60 ? named.slice(0, 60) : named;
  }
  return 'other';
}
