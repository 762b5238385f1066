/**
 * Usernames (docs/design.md#6-security, "Who is shown"): every player sees them, so the identity
 * service refuses names that pass for the game's staff or send readers to a web address (issue 40);
 * the Settings form says it first.
 */

export const USERNAME_MAX_LENGTH = 24;
const USERNAME = /^[a-z0-9._-]{3,24}$/;

export const USERNAME_FORMAT =
  'Username must be 3-24 characters: lowercase letters, digits, dot, dash or underscore';
export const USERNAME_RESERVED = 'This username is reserved';
export const USERNAME_WEB_ADDRESS = 'Usernames cannot be web addresses or e-mails';

/**
 * Names that would pass for the game, its staff or a part of the page. "market" is the seller of
 * id 0, "you" is how the trade history names oneself.
 */
const RESERVED = `
  admin administrator sysadmin superuser root system moderator mod mods staff team
  official support help helpdesk security touchline market marketplace shop store bank
  wallet billing payments you deleted anonymous everyone null undefined
`
  .trim()
  .split(/\s+/);

/** Refused at either end of a name too ('admin_team', 'touchline-help'), not inside ('badminton'). */
const RESERVED_AFFIXES = ['admin', 'moderator', 'touchline'];

/**
 * Endings that make a dotted name read as a domain. Short on purpose: 'john.doe' and 'ann.lee' stay
 * names; the common and the abused endings do not.
 */
const WEB_ENDINGS = `
  com net org info biz io co me tv gg ly to app dev xyz top site online link click shop
  store live club win bet ru cn uk de eu us example test onion
`
  .trim()
  .split(/\s+/);

/** Digits that stand in for letters ('adm1n', 'r00t', 'touch1ine'); 'l' and 'i' are one letter here. */
const LOOKALIKE: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  l: 'i',
};
const unmask = (text: string) => text.replace(/[0-9l]/g, (c) => LOOKALIKE[c] ?? c);

/** The name as a reader takes it in: no separators, no trailing number ('admin2'), look-alikes undone. */
function skeleton(name: string): string {
  return unmask(
    name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/[0-9]+$/, ''),
  );
}

const RESERVED_SKELETONS = new Set(RESERVED.map(skeleton));
const AFFIX_SKELETONS = RESERVED_AFFIXES.map(skeleton);
const WEB_ENDING_SKELETONS = new Set(WEB_ENDINGS.map(unmask));

export function isReservedUsername(name: string): boolean {
  const s = skeleton(name);
  return RESERVED_SKELETONS.has(s) || AFFIX_SKELETONS.some((a) => s.startsWith(a) || s.endsWith(a));
}

/** 'visit-evil.example', 'www.x', 'http-evil', 'me@x.io': anything a reader could follow or write to. */
export function looksLikeWebAddress(name: string): boolean {
  const text = name.toLowerCase().replace(/^[._-]+|[._-]+$/g, '');
  if (/[@/:]/.test(text) || /^(https?|www)/.test(text) || /(^|[._-])www([._-]|$)/.test(text)) return true;
  const [, ...after] = text.split('.');
  return after.some((label) => WEB_ENDING_SKELETONS.has(unmask(label)));
}

/** The reason a username is refused, or undefined when it is acceptable. */
export function usernameProblem(username: string): string | undefined {
  if (looksLikeWebAddress(username)) return USERNAME_WEB_ADDRESS;
  if (!USERNAME.test(username)) return USERNAME_FORMAT;
  if (isReservedUsername(username)) return USERNAME_RESERVED;
  return undefined;
}
