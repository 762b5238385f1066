import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { identityService } from './service';

void runStandalone(identityService);
