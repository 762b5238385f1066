/**
 * Import this first in a process entry point: it starts OpenTelemetry before express, grpc, pg
 * and ioredis are loaded, so their instrumentation can patch them. It does nothing unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. The service name comes from OTEL_SERVICE_NAME.
 */
import { startTelemetry } from './sdk';

startTelemetry();
