export * from './catalog.ts';
export * from './messaging.ts';
export * from './auth.ts';
export * from './notifications.ts';
