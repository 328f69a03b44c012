import ProductEditView from '@/features/catalog/admin/product-edit-page.tsx';
import { LoanPlans } from '@/features/loans/admin/loan-plans.tsx';

/**
 * The back office's catalogue pages, fetched together as one chunk the first time an admin opens
 * any of them: they share most of their code, and one chunk keeps the first download's list of
 * chunks (and so the marketplace's first download) smaller than four would.
 */
export { default as CategoriesPage } from '@/features/catalog/admin/categories-page.tsx';
export { default as ProductsPage } from '@/features/catalog/admin/products-page.tsx';

/** A product's page, with the loan plans it is sold on (the loans feature's part). */
export function ProductEditPage() {
  return <ProductEditView LoanPlans={LoanPlans} />;
}
