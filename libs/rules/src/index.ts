export * from './accounts';
export * from './fees';
export * from './money';
export * from './passwords';
export * from './schedule';
export * from './selling';
export * from './moderation';
export * from './packs';
