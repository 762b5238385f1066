// Test helpers; imported by tests as '@touchline/kit/testing', never by production code.
export * from './database';
export * from './event-message';
export * from './service';
export * from './replicas';
export * from './eventually';
export * from './tcp-proxy';
export * from './held-upstream';
export * from './failure';
