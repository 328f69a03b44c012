/**
 * The languages the app speaks, as stored in users.preferred_language. A module of its own, with
 * no schemas, so the server's text catalogues can load it before zod is extended for OpenAPI.
 */
export const LANGUAGES = ['english', 'luganda', 'swahili'] as const;
export type Language = (typeof LANGUAGES)[number];
