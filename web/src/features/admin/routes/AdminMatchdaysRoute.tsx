import { useId, useState, type FormEvent } from 'react';

import type { MatchResultsImported } from '@touchline/contract';
import { Header } from '@/components/Header';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { useUser } from '@/lib/data/auth';
import { useAdminMatchdays, useImportMatchResults } from '@/lib/data/admin-matchdays';
import { toast } from '@/lib/toast';

import { AccessDenied } from '../components/AdminDenied';
import {
  defaultMatchdayId,
  lineErrorsOf,
  matchdayOptionLabel,
  resultsFormatOf,
  type LineErrors,
} from '../results-file';

type Outcome =
  | { kind: 'imported'; result: MatchResultsImported }
  | { kind: 'lines'; errors: LineErrors }
  | { kind: 'refused'; message: string };

function importedText({ matchday, resultsImport, replaced }: MatchResultsImported): string {
  const players = resultsImport.players === 1 ? '1 player' : `${resultsImport.players} players`;
  return `Matchday ${matchday.id}: results of ${players} imported${replaced ? ', replacing the earlier file' : ''}. They are scored at ${new Date(matchday.resultsAt).toLocaleString()} or at the next sweep after it.`;
}

/**
 * /admin/matchdays: an admin uploads a matchday's results file for the import match feed
 * (docs/match-results-format.md). A refused file lists each line in error; nothing of it is kept.
 */
export function AdminMatchdaysRoute() {
  const { data: user } = useUser();
  const isAdmin = Boolean(user?.isAdmin);
  const matchdays = useAdminMatchdays(isAdmin);
  const upload = useImportMatchResults();
  const [picked, setPicked] = useState<number | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileId = useId();
  const matchdayField = useId();

  if (!isAdmin) return <AccessDenied />;

  const list = matchdays.data?.matchdays ?? [];
  const matchdayId = picked ?? defaultMatchdayId(list);
  const importFeed = matchdays.data?.feed === 'import';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || matchdayId === undefined) return;
    const content = await file.text();
    setOutcome(null);
    upload.mutate(
      { matchdayId, body: { format: resultsFormatOf(file.name, content), content } },
      {
        onSuccess: (result) => {
          setOutcome({ kind: 'imported', result });
          toast.success('Results Imported', { description: `Matchday ${result.matchday.id}` });
        },
        onError: (error) => {
          const lines = error instanceof ApiError ? lineErrorsOf(error.data) : undefined;
          setOutcome(
            lines
              ? { kind: 'lines', errors: lines }
              : { kind: 'refused', message: errorMessage(error, 'The file could not be imported.') },
          );
        },
      },
    );
  }

  return (
    <>
      <Header title="Match Results" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        {matchdays.isPending ? (
          <Spinner />
        ) : matchdays.isError ? (
          <Alert>{errorMessage(matchdays.error)}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-300">
              {importFeed
                ? 'Matchdays are scored from the results files uploaded here. A matchday waits after kickoff until its file comes; a new file replaces the last one until the matchday is scored.'
                : 'This server scores matchdays from the simulated match feed (MATCH_FEED=simulated): results files cannot be imported.'}
            </p>
            <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
              <label htmlFor={matchdayField} className="text-sm font-semibold text-slate-200">
                Matchday
              </label>
              <Select
                id={matchdayField}
                value={matchdayId ?? ''}
                onChange={(e) => setPicked(Number(e.target.value))}
                disabled={list.length === 0}
              >
                {list.map((m) => (
                  <option key={m.matchday.id} value={m.matchday.id}>
                    {matchdayOptionLabel(m)}
                  </option>
                ))}
              </Select>
              <label htmlFor={fileId} className="text-sm font-semibold text-slate-200">
                Results file (CSV or JSON)
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.json,text/csv,application/json"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setOutcome(null);
                }}
                className="text-sm text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-slate-100"
              />
              <p className="text-xs text-slate-400">
                CSV: a header line (player_id, minutes, goals, assists, saves, clean_sheet, goals_conceded,
                yellow_cards, red_cards; player_id and minutes required), then one player a line. JSON: an
                array of objects with the same fields in camelCase (playerId, minutes, …).
              </p>
              <Button
                type="submit"
                disabled={!file || matchdayId === undefined || upload.isPending || !importFeed}
                loading={upload.isPending}
              >
                Import Results
              </Button>
            </form>
            {outcome?.kind === 'imported' && (
              <p role="status" className="text-sm text-emerald-300">
                {importedText(outcome.result)}
              </p>
            )}
            {outcome?.kind === 'refused' && <Alert>{outcome.message}</Alert>}
            {outcome?.kind === 'lines' && (
              <div role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2.5">
                <p className="text-sm font-semibold text-rose-200">
                  The file was not imported: nothing of it was kept.
                </p>
                <ul aria-label="Line errors" className="mt-2 flex flex-col gap-1 text-sm text-rose-200">
                  {outcome.errors.lines.map((e) => (
                    <li key={`${e.line}:${e.message}`}>
                      <span className="font-semibold">Line {e.line}:</span> {e.message}
                    </li>
                  ))}
                </ul>
                {outcome.errors.more > 0 && (
                  <p className="mt-1 text-sm text-rose-200">
                    and {outcome.errors.more} more lines with errors.
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
