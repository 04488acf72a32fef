/**
 * Pure rules of HTTP caching used by the server's cached answers: which encoding a client takes and
 * whether its validator still matches. Unit-tested in tests/unit/server.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when accepted, then gzip, else
 * the plain body. A q of 0 refuses a coding; `*` stands for any coding not named.
 */
export function chooseEncoding(header: string | undefined | null): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=(.*)$/i.exec(param);
      if (match) weight = Number(match[1]?.trim() || Number.NaN);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header matches the answer's ETag (weak comparison, as RFC 9110 asks). */
export function etagMatches(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag !== '' && bare(tag) === wanted);
  });
}
