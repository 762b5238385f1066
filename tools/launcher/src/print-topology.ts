import { touchlineTopology } from './topology';

/** `npm run topology`: who calls whom, as JSON on stdout (the Kubernetes chart's NetworkPolicies read it). */
process.stdout.write(`${JSON.stringify(touchlineTopology(), null, 2)}\n`);
