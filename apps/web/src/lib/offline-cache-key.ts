/**
 * Where offline-cache.ts keeps a signed-in customer's last-known data, apart from it so that
 * signing out can drop that data without the first download carrying the code that keeps it.
 */
export const OFFLINE_DATA_KEY = 'ecogrid.offline-data';

export function clearOfflineCache(): void {
  try {
    localStorage.removeItem(OFFLINE_DATA_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
