import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { missionsService } from './service';

void runStandalone(missionsService);
