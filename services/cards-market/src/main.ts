import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { cardsMarketService } from './service';

void runStandalone(cardsMarketService);
