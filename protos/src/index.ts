// The loader lives in its own module so that services.ts and events.ts can use it without a cycle
// through this barrel.
export * from './loader';
export * from './services';
export * from './events';
