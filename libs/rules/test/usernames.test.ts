import { describe, expect, it } from 'vitest';
import { USERNAME_FORMAT, USERNAME_RESERVED, USERNAME_WEB_ADDRESS, usernameProblem } from '../src/usernames';

// Issue 40, finding A: names everyone reads must not pass for the game's staff or point to a website.
describe('usernameProblem', () => {
  it('accepts ordinary names, including ones that merely contain a reserved word', () => {
    for (const name of [
      'ann',
      'john.doe',
      'ann.lee',
      'jo_hn-d.oe',
      'player2',
      'badminton',
      'city_supporter',
      'model',
      'modric10',
      'staffan',
      'rooted',
      'marketa',
      'teamwork',
      'dotcom.fan',
    ]) {
      expect(usernameProblem(name), name).toBeUndefined();
    }
  });

  it('refuses reserved names, with separators, digits for letters and a trailing number', () => {
    for (const name of [
      'admin',
      'administrator',
      'market',
      'system',
      'support',
      'moderator',
      'touchline',
      'staff',
      'official',
      'mod',
      'root',
      'adm1n',
      'ad_min',
      'a.d.m.i.n',
      'touch-line',
      'touch1ine',
      'r00t',
      's7aff',
      'm0d',
      'support2',
      'sys-tem_99',
      'you',
      // The strongest words are refused at either end of a name too.
      'admin_team',
      'siteadmin',
      'touchline.help',
      'the-moderator',
    ]) {
      expect(usernameProblem(name), name).toBe(USERNAME_RESERVED);
    }
  });

  it('refuses web addresses and e-mails', () => {
    for (const name of [
      'visit-evil.example',
      'evil.com',
      'free-coins.c0m',
      'evil.co.uk',
      'go.to.evil.xyz',
      '.evil.io.',
      'www',
      'www.evil',
      'get.www.coins',
      'wwwcoins',
      'http-evil',
      'https.evil',
      'me@evil.io',
      'evil.io/coins',
    ]) {
      expect(usernameProblem(name), name).toBe(USERNAME_WEB_ADDRESS);
    }
  });

  it('keeps the format rule and its text as they were', () => {
    expect(usernameProblem('ab')).toBe(USERNAME_FORMAT);
    expect(usernameProblem('Ann')).toBe(USERNAME_FORMAT);
    expect(usernameProblem('a'.repeat(25))).toBe(USERNAME_FORMAT);
    expect(USERNAME_FORMAT).toBe(
      'Username must be 3-24 characters: lowercase letters, digits, dot, dash or underscore',
    );
  });
});
