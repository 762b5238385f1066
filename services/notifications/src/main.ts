import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { notificationsService } from './service';

void runStandalone(notificationsService);
