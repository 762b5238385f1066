import type { RequestHandler } from 'express';

/**
 * Fields that hold multi-line text typed in a textarea (trade notes, wish notes) or read from a file
 * (an admin's match results file, `content`): line breaks and tabs are part of such text. Everywhere
 * else (names, codes, e-mails, ids) a line break is never meant.
 */
export const MULTI_LINE_FIELDS = new Set(['note', 'notes', 'content']);

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. NUL is among them: Postgres refuses it in text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS = 'must not contain control characters';

/**
 * The path of the first string (or key) that holds a control character it may not, if any. `field`
 * is the nearest object key: the items of an array belong to the field that holds the array.
 */
export function findControlCharacter(value: unknown, path = '', field = ''): string | undefined {
  if (typeof value === 'string') {
    const allowed = MULTI_LINE_FIELDS.has(field) ? CONTROL_EXCEPT_WHITESPACE : ANY_CONTROL;
    return allowed.test(value) ? path || 'body' : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findControlCharacter(item, `${path}[${i}]`, field);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (ANY_CONTROL.test(key)) return path ? `${path} (a field name)` : 'a field name';
      const found = findControlCharacter(item, at, key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses control characters in every text field of a JSON body and in the query string, at the edge,
 * with 400 {message}: behind the gateway a NUL reaches Postgres as an error, not as text.
 */
export const refuseControlCharacters: RequestHandler = (req, res, next) => {
  const found =
    (mayHoldControlCharacter(req.url) ? findControlCharacter(req.query) : undefined) ??
    findControlCharacter(req.body);
  if (found) {
    res.status(400).json({ message: `${found}: ${CONTROL_CHARACTERS}` });
    return;
  }
  next();
};

/**
 * Whether a request target's query could decode to a control character: Node's parser refuses raw
 * control bytes in the request line, so one can only arrive percent-encoded. Most reads have no `%`
 * in their query and skip the walk over it.
 */
function mayHoldControlCharacter(url: string): boolean {
  const query = url.indexOf('?');
  return query !== -1 && url.includes('%', query);
}
