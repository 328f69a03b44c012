export * from './catalog.ts';
export * from './messaging.ts';
