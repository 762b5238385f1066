import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { leaderboardService } from './service';

void runStandalone(leaderboardService);
