import { describe, expect, it } from 'vitest';
import { matchPoints } from '@touchline/rules';
import { jsonErrorLine } from '../src/domain/json-error-line';
import { parseResultsFile, type RosterPlayer } from '../src/domain/results-file';

const roster = new Map<number, RosterPlayer>([
  [1, { teamId: 10, position: 'Goalkeeper' }],
  [2, { teamId: 10, position: 'Forward' }],
]);

describe('a results file', () => {
  it('reads CSV columns in any order, blank lines skipped, absent columns 0 or false', () => {
    const parsed = parseResultsFile(
      'csv',
      '\uFEFFminutes,player_id,saves\r\n90,1,6\r\n\r\n30,2,\r\n',
      roster,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.players.map((p) => [p.playerId, p.line, p.minutes, p.saves, p.teamId, p.points])).toEqual([
      [
        1,
        2,
        90,
        6,
        10,
        matchPoints('Goalkeeper', {
          minutes: 90,
          goals: 0,
          assists: 0,
          saves: 6,
          cleanSheet: false,
          goalsConceded: 0,
          yellowCards: 0,
          redCards: 0,
        }),
      ],
      [2, 4, 30, 0, 10, 1],
    ]);
  });

  it('names the header line for an unknown, repeated or missing column', () => {
    expect(parseResultsFile('csv', 'player_id,minutes,shots\n1,90,3', roster).errors[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/^unknown column "shots"/),
    });
    expect(parseResultsFile('csv', '\nplayer_id,player_id,minutes', roster).errors).toEqual([
      { line: 2, message: 'the column player_id appears twice' },
    ]);
    expect(parseResultsFile('csv', 'player_id,goals\n1,0', roster).errors).toEqual([
      { line: 1, message: 'the header needs a minutes column' },
    ]);
    expect(parseResultsFile('csv', ' \n', roster).errors).toEqual([
      { line: 1, message: 'the file is empty' },
    ]);
    expect(parseResultsFile('csv', 'player_id,minutes\n', roster).errors).toEqual([
      { line: 1, message: 'the file has no results' },
    ]);
  });

  it('checks each line: ranges, flags, a player who did not play', () => {
    const csv = [
      'player_id,minutes,goals,red_cards,clean_sheet',
      '1,131,0,0,false',
      '1,90,0,2,false',
      '1,90,0,0,maybe',
      '2,0,1,0,false',
      ',90,0,0,false',
      '-2,90,0,0,false',
    ].join('\n');
    expect(parseResultsFile('csv', csv, roster).errors).toEqual([
      { line: 2, message: 'minutes must be a whole number from 0 to 130' },
      { line: 3, message: 'red_cards must be a whole number from 0 to 1' },
      { line: 4, message: 'clean_sheet must be true or false' },
      {
        line: 5,
        message: 'a player with 0 minutes cannot have goals, assists, saves, cards or a clean sheet',
      },
      { line: 6, message: 'player_id is missing' },
      { line: 7, message: "player_id must be a player's id (a whole number)" },
    ]);
  });

  it('names a JSON object by the line of its brace, and broken JSON by where it broke', () => {
    const json =
      '[\n  {"playerId": 1, "minutes": 90},\n  {"playerId": 2, "minutes": 90, "shots": 4},\n  "x"\n]';
    expect(parseResultsFile('json', json, roster).errors).toEqual([
      { line: 3, message: 'unknown field "shots"' },
      { line: 4, message: 'each result must be an object' },
    ]);
    expect(parseResultsFile('json', '[\n{"playerId": 1,\n "minutes": }\n]', roster).errors).toEqual([
      { line: 3, message: 'the file is not valid JSON' },
    ]);
    expect(parseResultsFile('json', '{"playerId": 1}', roster).errors).toEqual([
      { line: 1, message: 'the file must be a JSON array of results, one object per player' },
    ]);
    expect(
      parseResultsFile('json', '[{"playerId": "2", "minutes": "75", "cleanSheet": true}]', roster),
    ).toMatchObject({
      errors: [],
      players: [{ playerId: 2, minutes: 75, cleanSheet: true, line: 1 }],
    });
  });
});

describe('where broken JSON breaks', () => {
  it('names the line of the first character that cannot continue the text', () => {
    expect(jsonErrorLine('[\n{"a": 1},\n{"a": 2,}\n]')).toBe(3);
    expect(jsonErrorLine('[\n{"a": "x\ny"}]')).toBe(2);
    expect(jsonErrorLine('[1, 2]\n\nx')).toBe(3);
    expect(jsonErrorLine('[\n{"a": tru}]')).toBe(2);
    expect(jsonErrorLine('[\n{"a": 1}\n')).toBe(3);
  });
});
