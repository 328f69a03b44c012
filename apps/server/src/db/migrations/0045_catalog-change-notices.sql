-- Each app process keeps the public catalogue's answers in memory. Any statement that changes
-- products or categories (an admin's edit, an order taking stock or giving it back, a script)
-- tells every process to drop them, through NOTIFY on the ecogrid_catalog channel when it
-- commits. One notice per statement: a checkout taking stock of five products sends one.
CREATE FUNCTION notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ecogrid_catalog', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();
--> statement-breakpoint
CREATE TRIGGER categories_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();
