ALTER TABLE "events" DROP CONSTRAINT "events_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_apartment_fk";
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" DROP CONSTRAINT "bank_statement_entries_apartment_id_apartments_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_statement_entries" DROP CONSTRAINT "bank_statement_entries_statement_fk";
--> statement-breakpoint
-- Set-wise keys. The five foreign keys above were checked one inserted row at a time, and a bank statement of
-- 10,000 entries writes 10,000 entries, 9,000 payments and 18,000 events: those per-row checks were a third of the
-- import's time. The same rules are now checked once per statement, over all of its rows (a transition table):
-- every key a statement writes must name a row of the parent, which is locked `for key share` as a foreign key
-- check locks it (a concurrent delete of the parent waits for the writer, or the writer fails on a parent deleted
-- meanwhile), and deleting parents deletes (or sets null in) their children in one statement, as ON DELETE did.
-- server/services/bank-statements/tenant-removal.test.ts checks each key both ways, db/set-wise-keys.postgres.test.ts the locks.
--
-- check_set_wise_key(child columns, parent table, parent columns): after INSERT of the child, REFERENCING NEW TABLE
-- AS added, and after UPDATE, also OLD TABLE AS previous: as a foreign key, an update checks only the keys it brings
-- (a key its rows had before it is not checked again; deleting a tenant sets an entry's apartment to null while its
-- statement is being deleted too). A key with a null column is not checked (MATCH SIMPLE).
CREATE FUNCTION check_set_wise_key() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text := format('SELECT DISTINCT %1$s FROM added WHERE (%1$s) IS NOT NULL', TG_ARGV[0]);
  wanted bigint;
  found bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    keys := keys || format(' EXCEPT SELECT %1$s FROM previous', TG_ARGV[0]);
  END IF;
  EXECUTE format('SELECT count(*) FROM (%s) k', keys) INTO wanted;
  IF wanted = 0 THEN
    RETURN NULL;
  END IF;
  -- The parent's columns are unique (its primary key among them), so each key finds one row at most.
  EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %1$I WHERE (%2$s) IN (%3$s) FOR KEY SHARE) p', TG_ARGV[1], TG_ARGV[2], keys) INTO found;
  IF found < wanted THEN
    RAISE EXCEPTION 'insert or update on table "%" violates the key (%) referring to "%" (%)', TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- delete_set_wise_children(child table, child columns, parent columns, 'cascade' or the child column to set null):
-- after DELETE of the parent, REFERENCING OLD TABLE AS removed.
CREATE FUNCTION delete_set_wise_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[3] = 'cascade' THEN
    EXECUTE format('DELETE FROM %1$I WHERE (%2$s) IN (SELECT %3$s FROM removed)', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  ELSE
    EXECUTE format('UPDATE %1$I SET %4$I = NULL WHERE (%2$s) IN (SELECT %3$s FROM removed)', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[3]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_tenant_key_insert AFTER INSERT ON events REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id', 'tenants', 'id');
--> statement-breakpoint
CREATE TRIGGER events_tenant_key_update AFTER UPDATE ON events REFERENCING OLD TABLE AS previous NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id', 'tenants', 'id');
--> statement-breakpoint
CREATE TRIGGER tenants_delete_events AFTER DELETE ON tenants REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delete_set_wise_children('events', 'tenant_id', 'id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER payments_apartment_key_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, apartment_id', 'apartments', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER payments_apartment_key_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS previous NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, apartment_id', 'apartments', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER apartments_delete_payments AFTER DELETE ON apartments REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delete_set_wise_children('payments', 'tenant_id, apartment_id', 'tenant_id, id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER payments_invoice_key_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, invoice_id', 'invoices', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER payments_invoice_key_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS previous NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, invoice_id', 'invoices', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER invoices_delete_payments AFTER DELETE ON invoices REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delete_set_wise_children('payments', 'tenant_id, invoice_id', 'tenant_id, id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER bank_statement_entries_statement_key_insert AFTER INSERT ON bank_statement_entries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, statement_id', 'bank_statements', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER bank_statement_entries_statement_key_update AFTER UPDATE ON bank_statement_entries REFERENCING OLD TABLE AS previous NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, statement_id', 'bank_statements', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER bank_statements_delete_entries AFTER DELETE ON bank_statements REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delete_set_wise_children('bank_statement_entries', 'tenant_id, statement_id', 'tenant_id, id', 'cascade');
--> statement-breakpoint
CREATE TRIGGER bank_statement_entries_apartment_key_insert AFTER INSERT ON bank_statement_entries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, apartment_id', 'apartments', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER bank_statement_entries_apartment_key_update AFTER UPDATE ON bank_statement_entries REFERENCING OLD TABLE AS previous NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_set_wise_key('tenant_id, apartment_id', 'apartments', 'tenant_id, id');
--> statement-breakpoint
CREATE TRIGGER apartments_delete_entries AFTER DELETE ON apartments REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delete_set_wise_children('bank_statement_entries', 'tenant_id, apartment_id', 'tenant_id, id', 'apartment_id');
