import type { AdminCategory, CategoryCreate } from '@ecogrid/core/catalog-admin';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { categories, products } from '#src/db/schema/catalog.ts';
import { isConstraintViolation } from '#src/platform/db-errors.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { announceCatalogChange, auditCatalog, type Actor, type CatalogDeps } from './admin-common.ts';

const columns = {
  slug: categories.slug,
  name: categories.name,
  position: categories.position,
  active: categories.active,
  createdAt: categories.createdAt,
  productCount: sql<number>`count(${products.id})::int`,
  activeProductCount: sql<number>`(count(${products.id}) filter (where ${products.active}))::int`,
};

const toCategory = (row: Omit<AdminCategory, 'createdAt'> & { createdAt: Date }): AdminCategory => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Every category, inactive ones too, in the shop's order, with how many products each holds. */
export async function listCategoriesForAdmin(db: Database | Tx, slug?: string): Promise<AdminCategory[]> {
  const rows = await db
    .select(columns)
    .from(categories)
    .leftJoin(products, eq(products.category, categories.slug))
    .where(slug ? eq(categories.slug, slug) : undefined)
    .groupBy(categories.slug)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(toCategory);
}

async function oneCategory(db: Database | Tx, slug: string): Promise<AdminCategory> {
  const [category] = await listCategoriesForAdmin(db, slug);
  if (!category) throw notFound(`There is no category "${slug}".`);
  return category;
}

/** A new category, last in the order unless a position is given. Its slug never changes afterwards (links use it). */
export async function createCategory(deps: CatalogDeps, input: CategoryCreate, actor: Actor) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [last] = await tx.select({ max: sql<number | null>`max(${categories.position})` }).from(categories);
      const position = input.position ?? (last?.max ?? 0) + 1;
      await tx.insert(categories).values({ slug: input.slug, name: input.name, position });
      await auditCatalog(tx, actor, {
        action: 'category.create',
        entityType: 'category',
        entityId: input.slug,
        details: { name: input.name, position },
      });
      await announceCatalogChange(deps, tx, { categories: true });
      return oneCategory(tx, input.slug);
    });
  } catch (error) {
    if (isConstraintViolation(error, 'categories_pkey')) {
      throw new AppError('category_exists', `There is already a category with the slug "${input.slug}".`, 409);
    }
    throw error;
  }
}

async function lockCategory(tx: Tx, slug: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
  if (!row) throw notFound(`There is no category "${slug}".`);
  return row;
}

/** Renames a category or moves it to a position; audited with the values before and after. */
export async function updateCategory(
  deps: CatalogDeps,
  slug: string,
  input: { name?: string | undefined; position?: number | undefined },
  actor: Actor,
) {
  return deps.db.transaction(async (tx) => {
    const before = await lockCategory(tx, slug);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (input.name !== undefined && input.name !== before.name)
      changes.name = { before: before.name, after: input.name };
    if (input.position !== undefined && input.position !== before.position) {
      changes.position = { before: before.position, after: input.position };
    }
    if (Object.keys(changes).length === 0) return oneCategory(tx, slug);
    await tx
      .update(categories)
      .set({ name: input.name ?? before.name, position: input.position ?? before.position })
      .where(eq(categories.slug, slug));
    await auditCatalog(tx, actor, {
      action: 'category.update',
      entityType: 'category',
      entityId: slug,
      details: { changes },
    });
    await announceCatalogChange(deps, tx, { categories: true });
    return oneCategory(tx, slug);
  });
}

/** Puts the categories in the order given (positions 1, 2, 3, …); the list must name every category once. */
export async function reorderCategories(deps: CatalogDeps, slugs: string[], actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ slug: categories.slug, position: categories.position })
      .from(categories)
      .orderBy(asc(categories.slug))
      .for('update');
    const known = new Set(existing.map((c) => c.slug));
    const unknown = slugs.filter((s) => !known.has(s));
    if (unknown.length > 0) throw new AppError('unknown_category', `There is no category "${unknown[0]}".`, 422);
    if (slugs.length !== existing.length) {
      throw new AppError(
        'incomplete_order',
        `List every category once: ${existing.length - slugs.length} of them ${existing.length - slugs.length === 1 ? 'is' : 'are'} missing. Reload the list and try again.`,
        422,
      );
    }
    const before = Object.fromEntries(existing.map((c) => [c.slug, c.position]));
    for (const [index, slug] of slugs.entries()) {
      if (before[slug] !== index + 1) {
        await tx
          .update(categories)
          .set({ position: index + 1 })
          .where(eq(categories.slug, slug));
      }
    }
    await auditCatalog(tx, actor, {
      action: 'category.reorder',
      entityType: 'category',
      entityId: '*',
      details: { order: slugs },
    });
    await announceCatalogChange(deps, tx, { categories: true });
    return listCategoriesForAdmin(tx);
  });
}

/**
 * Takes a category out of the shop (or puts it back). A category that still has active products
 * cannot be deactivated: those products would be on sale in a category no shopper can choose,
 * so the admin moves or deactivates them first. The category's row is locked before its products
 * are counted, so a product being put into it at that moment is either counted or refused.
 */
export async function setCategoryActive(deps: CatalogDeps, slug: string, active: boolean, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const before = await lockCategory(tx, slug);
    if (before.active === active) return oneCategory(tx, slug);
    if (!active) {
      const [onSale] = await tx
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.category, slug), eq(products.active, true)));
      if ((onSale?.n ?? 0) > 0) {
        throw new AppError(
          'category_in_use',
          `${before.name} still has ${onSale!.n} active ${onSale!.n === 1 ? 'product' : 'products'}. Move them to another category or deactivate them first.`,
          422,
        );
      }
    }
    await tx.update(categories).set({ active }).where(eq(categories.slug, slug));
    await auditCatalog(tx, actor, {
      action: active ? 'category.reactivate' : 'category.deactivate',
      entityType: 'category',
      entityId: slug,
      details: { name: before.name },
    });
    await announceCatalogChange(deps, tx, { categories: true });
    return oneCategory(tx, slug);
  });
}
