/** Every answer a client got during the run: what the audit checks the services' data against. */
export interface Answer {
  kind: string;
  userId: number;
  method: string;
  path: string;
  /** The Idempotency-Key sent; several answers share one when the run retried or raced on purpose. */
  key?: string;
  body?: unknown;
  /** HTTP status; 0 when the connection failed (gateway down), no answer at all. */
  status: number;
  response: unknown;
  ms: number;
  at: number;
  /** Sent after the load ended, to learn how a pending operation ended. */
  followUp?: boolean;
  /** What the run meant by it, for the summary: 'wish' (an accept of a wish offer), 'race:cancel'… */
  note?: string;
}

export class AnswerLog {
  readonly all: Answer[] = [];

  add(answer: Answer): void {
    this.all.push(answer);
  }

  /** Answers of mutations, grouped by (kind, key). */
  byKey(): Map<string, Answer[]> {
    const groups = new Map<string, Answer[]>();
    for (const a of this.all) {
      if (!a.key) continue;
      const id = `${a.kind} ${a.key}`;
      let list = groups.get(id);
      if (!list) groups.set(id, (list = []));
      list.push(a);
    }
    return groups;
  }
}

/** 2xx but not 202: the operation happened (or, for a read, answered). */
export const isDone = (a: Answer) => a.status >= 200 && a.status < 300 && a.status !== 202;
/** 202 pending, 503 and friends, or no answer: the client does not know how it ended. */
export const isUnknown = (a: Answer) =>
  a.status === 202 || a.status === 0 || a.status >= 500 || a.status === 429;
export const isRefused = (a: Answer) => a.status >= 400 && a.status < 500 && a.status !== 429;
