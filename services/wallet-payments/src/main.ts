import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { walletService } from './service';

void runStandalone(walletService);
