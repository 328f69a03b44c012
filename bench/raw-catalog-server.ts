/**
 * The baseline for the catalogue benchmark: the same first-page query as GET
 * /api/catalog/products, through the raw PostgreSQL driver on a bare node:http server.
 * No framework, validation, ORM, logging or error handling.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const sql = `select id, sku, name, slug, description, category, brand, price, images, specs, stock, active,
  loan_eligible, created_at::text as created_at from products where active = true
  order by created_at desc, id desc limit 25`;

const server = createServer(async (_req, res) => {
  const { rows } = await pool.query(sql);
  const items = rows.slice(0, 24).map((r) => ({
    id: r.id,
    sku: r.sku,
    name: r.name,
    slug: r.slug,
    description: r.description,
    category: r.category,
    brand: r.brand,
    price: Number(r.price),
    images: r.images,
    specs: r.specs,
    stock: r.stock,
    active: r.active,
    loanEligible: r.loan_eligible,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ items, nextCursor: rows.length > 24 ? 'x' : null }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw server listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
