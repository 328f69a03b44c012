/**
 * The back office's catalogue pages, fetched together as one chunk the first time an admin opens
 * any of them: they share most of their code, and one chunk keeps the first download's list of
 * chunks (and so the marketplace's first download) smaller than four would.
 */
export { default as CategoriesPage } from './categories-page.tsx';
export { default as ProductEditPage } from './product-edit-page.tsx';
export { default as ProductsPage } from './products-page.tsx';
