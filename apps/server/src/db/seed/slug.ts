/** A URL-safe slug from a product name: 'Sun King 32" Solar TV Kit' becomes 'sun-king-32-solar-tv-kit'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The two generated pictures each demo product has in the web app's public folder. */
export function demoImagePaths(slug: string): string[] {
  return [`/img/products/${slug}-1.svg`, `/img/products/${slug}-2.svg`];
}
