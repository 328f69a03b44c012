export * from './money.ts';
export * from './ids.ts';
export * from './catalog.ts';
export * from './catalog.schemas.ts';
export * from './roles.ts';
export * from './phone.ts';
