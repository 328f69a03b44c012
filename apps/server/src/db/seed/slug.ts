/** The two generated pictures each demo product has in the web app's public folder. */
export function demoImagePaths(slug: string): string[] {
  return [`/img/products/${slug}-1.svg`, `/img/products/${slug}-2.svg`];
}
