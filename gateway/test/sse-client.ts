import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface OpenEventStream {
  status: number;
  headers: Headers;
  /** The body when the answer is not a stream (an error's {message}). */
  text?: string;
  events: EventSourceMessage[];
  comments: string[];
  retry?: number;
  /** The id of the last event received: what an EventSource sends back as Last-Event-ID. */
  lastEventId(): string | undefined;
  /** Resolves when the server ends the stream (or close() is called). */
  ended: Promise<void>;
  close(): void;
}

/**
 * What a browser's EventSource does, over real HTTP: GET with the cookie and, on a reconnect, the
 * Last-Event-ID header; events parsed by eventsource-parser as the browser would.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
  lastEventId?: string,
): Promise<OpenEventStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      Accept: 'text/event-stream',
      ...headers,
      ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
    },
    signal: controller.signal,
  });
  const stream: OpenEventStream = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: [],
    lastEventId: () => stream.events.findLast((e) => e.id !== undefined)?.id,
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.text = await res.text();
    return stream;
  }
  const parser = createParser({
    onEvent: (event) => stream.events.push(event),
    onComment: (comment) => stream.comments.push(comment),
    onRetry: (retry) => (stream.retry = retry),
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}
