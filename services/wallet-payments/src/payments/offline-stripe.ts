import Stripe from 'stripe';

/**
 * The SDK's offline helpers (signing and verifying webhooks) for test mode: this key never reaches
 * the network. Its own module, imported when test mode first signs or checks an event, so that the
 * embedded app does not load the SDK (memory and start time: docs/performance.md) before anyone
 * buys coins.
 */
export const offlineStripe = new Stripe('sk_test_touchline_offline_signing_only');
