import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { tradingService } from './service';

void runStandalone(tradingService);
