import '@touchline/kit/telemetry/register';
import { runStandalone } from '@touchline/kit';
import { adminService } from './service';

void runStandalone(adminService);
