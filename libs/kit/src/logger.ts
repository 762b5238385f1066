import { pino, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';
import { currentContext } from './context';

export type { Logger } from 'pino';

/** JSON logs with the request id and, when tracing is on, the trace and span ids of the active span. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const fields: Record<string, string> = {};
      const requestId = currentContext()?.requestId;
      if (requestId) fields.requestId = requestId;
      const span = trace.getActiveSpan()?.spanContext();
      if (span && span.traceId !== '00000000000000000000000000000000') {
        fields.traceId = span.traceId;
        fields.spanId = span.spanId;
      }
      return fields;
    },
  });
}
