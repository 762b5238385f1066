import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { matchdayService } from './service';

void runStandalone(matchdayService);
