import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '@/components/ui/toast.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import {
  adminCategoriesQuery,
  adminProductQuery,
  createProduct,
  refreshCatalogue,
  updateProduct,
  type AdminCategory,
  type AdminProduct,
} from './api.ts';
import { AdminError, useErrorText } from '@/components/admin/admin-error.tsx';
import { CatalogAuditList } from './catalog-audit-list.tsx';
import { OnSale } from './on-sale.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { Part } from '@/components/ui/part.tsx';
import { ProductForm } from './product-fields.tsx';
import { ProductImages } from './product-images.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { StockPanel } from './stock-panel.tsx';
import { formValues, serverFieldError, useProductCheck, type FieldErrors, type FormValues } from './product-form.ts';

/** The form's refusals: its own checks, or where the server's refusal belongs. */
function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  return {
    errors,
    formError,
    check(found: FieldErrors) {
      setErrors(found);
      setFormError(undefined);
    },
    server(error: unknown, fallback: (error: unknown) => string) {
      const placed = serverFieldError(error);
      if (placed?.field) setErrors({ [placed.field]: placed.message });
      else {
        setErrors({});
        setFormError(placed?.message ?? fallback(error));
      }
    },
  };
}

function NewProduct({ categories }: { categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const check = useProductCheck();
  const form = useFormErrors();
  const create = useMutation({
    mutationFn: (values: FormValues) => {
      const input = check.create(values).input!;
      return createProduct(input, attempt.keyFor(input));
    },
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (product) => {
      attempt.settled();
      await refreshCatalogue(queryClient);
      void showToast(t('admin.productPage.created', { name: product.name }), { kind: 'success' });
      void navigate(`/admin/products/${product.id}`, { replace: true });
    },
    onError: (error) => {
      attempt.settled(error);
      form.server(error, errorText);
    },
  });
  return (
    <ProductForm
      initial={formValues()}
      categories={categories}
      mode="create"
      busy={create.isPending}
      errors={form.errors}
      formError={form.formError}
      onSubmit={(values) => {
        const { errors } = check.create(values);
        form.check(errors);
        if (Object.keys(errors).length === 0) create.mutate(values);
      }}
    />
  );
}

function EditProduct({ product, categories }: { product: AdminProduct; categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const check = useProductCheck();
  const form = useFormErrors();
  const save = useMutation({
    mutationFn: (change: NonNullable<ReturnType<typeof check.update>['input']>) => updateProduct(product.id, change),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async () => {
      await refreshCatalogue(queryClient);
      void showToast(t('admin.productPage.saved'), { kind: 'success' });
    },
    onError: (error) => form.server(error, errorText),
  });
  return (
    <ProductForm
      // A fresh form when the saved details change (here or by another admin), not when a
      // picture or the stock does: what the admin is typing is kept.
      key={JSON.stringify(formValues(product))}
      initial={formValues(product)}
      categories={categories}
      mode="edit"
      busy={save.isPending}
      errors={form.errors}
      formError={form.formError}
      onSubmit={(values) => {
        const result = check.update(values, product);
        form.check(result.errors);
        if (result.unchanged) void showToast(t('admin.productPage.unchanged'));
        else if (result.input) save.mutate(result.input);
      }}
    />
  );
}

/**
 * /admin/products/new and /admin/products/:id: a product's details (the same checks as the
 * server), its pictures, its stock with every movement, its pay-as-you-go plans, whether it is
 * on sale, and what admins did to it.
 */
export default function ProductEditPage({
  LoanPlans,
}: {
  /** The product's loan plans, from the loans feature; the page composing it passes them in. */
  LoanPlans?: ComponentType<{ product: AdminProduct }>;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const categories = useQuery(adminCategoriesQuery);
  const detail = useQuery({ ...adminProductQuery(id ?? ''), enabled: Boolean(id) });
  const title = id ? (detail.data?.product.name ?? t('admin.productPage.one')) : t('admin.products.new');
  const failed = categories.isError ? categories.error : id && detail.isError ? detail.error : null;
  const loading = categories.isPending || (id !== undefined && detail.isPending);

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="product-title">
      <AdminPageHeader titleId="product-title" title={title}>
        <p>
          <Link to="/admin/products" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('admin.productPage.backToList')}
          </Link>
        </p>
      </AdminPageHeader>
      {failed ? (
        <AdminError
          error={failed}
          onRetry={() => {
            void categories.refetch();
            if (id) void detail.refetch();
          }}
        />
      ) : loading ? (
        <SkeletonList label={t('admin.productPage.loading')} count={3} />
      ) : !id ? (
        <NewProduct categories={categories.data!.items} />
      ) : (
        <>
          <Part className="min-w-0 space-y-3" id="details-title" title={t('admin.productPage.details')}>
            <p className="text-sm text-stone-700">
              {t('admin.productPage.address', { slug: detail.data!.product.slug })}
            </p>
            <EditProduct product={detail.data!.product} categories={categories.data!.items} />
          </Part>
          <Part className="min-w-0 space-y-3" id="images-title" title={t('admin.images.title')}>
            <ProductImages product={detail.data!.product} />
          </Part>
          <Part className="min-w-0 space-y-3" id="stock-title" title={t('admin.stock.title')}>
            <StockPanel product={detail.data!.product} />
          </Part>
          {LoanPlans && (
            <Part className="min-w-0 space-y-3" id="loan-plans-title" title={t('adminLoans.plans.title')}>
              <LoanPlans product={detail.data!.product} />
            </Part>
          )}
          <Part className="min-w-0 space-y-3" id="sale-title" title={t('admin.productPage.saleTitle')}>
            <OnSale product={detail.data!.product} />
          </Part>
          <Part className="min-w-0 space-y-3" id="audit-title" title={t('admin.productPage.auditTitle')}>
            <CatalogAuditList audit={detail.data!.audit} />
          </Part>
        </>
      )}
    </section>
  );
}
