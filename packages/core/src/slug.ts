/** A URL-safe slug from a name: 'Sun King 32" Solar TV Kit' becomes 'sun-king-32-solar-tv-kit'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
