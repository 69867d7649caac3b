CREATE TABLE "sync_changes" (
	"version" bigint NOT NULL,
	"list" text NOT NULL,
	"row_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"pruned_below" bigint DEFAULT 0 NOT NULL,
	"epoch" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "sync_state_one_row" CHECK ("sync_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "sync_changes_position_idx" ON "sync_changes" USING btree ("version","list","row_id");--> statement-breakpoint
CREATE INDEX "sync_changes_changed_at_idx" ON "sync_changes" USING brin ("changed_at");--> statement-breakpoint
-- The sync log (docs/sync.md). One row holds the clock; it starts at 0 with nothing pruned.
INSERT INTO "sync_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Records one statement's changes under ONE new version. The UPDATE takes sync_state's row lock and holds it
-- until commit, so a second writer waits here: versions are handed out in commit order, and a snapshot that
-- sees version N sees every change up to N and none above. NOTIFY is delivered at commit, to every instance.
CREATE OR REPLACE FUNCTION sync_log(lists text[], ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE "sync_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  INSERT INTO "sync_changes" ("version", "list", "row_id")
    SELECT DISTINCT v, x.list, x.row_id FROM unnest(lists, ids) AS x(list, row_id) WHERE x.row_id IS NOT NULL;
  PERFORM pg_notify('coursedesk_sync', v::text);
END
$$;
--> statement-breakpoint
-- TRUNCATE has no transition tables: every cursor issued so far starts a full sync instead.
CREATE OR REPLACE FUNCTION sync_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "sync_state" SET "version" = "version" + 1, "pruned_below" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  PERFORM pg_notify('coursedesk_sync', v::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A user, and on a visible change the enrollments and purchases that embed it. A deleted user's
-- enrollments and purchases are set null by the foreign keys, whose updates log themselves.
CREATE OR REPLACE FUNCTION sync_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sync_log(array_agg('users'::text), array_agg(n.id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sync_log(array_agg('users'::text), array_agg(o.id)) FROM old_rows o;
  ELSE
    PERFORM sync_log(array_agg(c.list), array_agg(c.row_id)) FROM (
      SELECT 'users'::text AS list, n.id AS row_id FROM new_rows n
      UNION ALL
      SELECT x.list, x.row_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (
        SELECT 'enrollments'::text, e.id FROM "enrollments" e WHERE e.user_id = n.id
        UNION ALL
        SELECT 'services'::text, p.id FROM "service_purchases" p WHERE p.user_id = n.id
      ) AS x(list, row_id)
      WHERE (to_jsonb(n) - 'password_hash') IS DISTINCT FROM (to_jsonb(o) - 'password_hash')
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment, and the batches whose enrollmentCount it changes: its batch on insert and delete, the old
-- and the new one when it moves.
CREATE OR REPLACE FUNCTION sync_enrollments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sync_log(array_agg(c.list), array_agg(c.row_id)) FROM (
      SELECT 'enrollments'::text AS list, n.id AS row_id FROM new_rows n
      UNION ALL SELECT 'batches'::text, n.batch_id FROM new_rows n
    ) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sync_log(array_agg(c.list), array_agg(c.row_id)) FROM (
      SELECT 'enrollments'::text AS list, o.id AS row_id FROM old_rows o
      UNION ALL SELECT 'batches'::text, o.batch_id FROM old_rows o
    ) c;
  ELSE
    PERFORM sync_log(array_agg(c.list), array_agg(c.row_id)) FROM (
      SELECT 'enrollments'::text AS list, n.id AS row_id FROM new_rows n
      UNION ALL
      SELECT 'batches'::text, b.id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.batch_id), (o.batch_id)) AS b(id)
      WHERE n.batch_id IS DISTINCT FROM o.batch_id
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A row of a table that is its own list: TG_ARGV[0] names the list.
CREATE OR REPLACE FUNCTION sync_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sync_log(array_agg(TG_ARGV[0]), array_agg(n.id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sync_log(array_agg(TG_ARGV[0]), array_agg(o.id)) FROM old_rows o;
  ELSE
    PERFORM sync_log(array_agg(TG_ARGV[0]), array_agg(n.id)) FROM new_rows n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A course item (syllabus, FAQ, review, resource, table row) changes its course.
CREATE OR REPLACE FUNCTION sync_course_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sync_log(array_agg('courses'::text), array_agg(n.course_id)) FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sync_log(array_agg('courses'::text), array_agg(o.course_id)) FROM old_rows o;
  ELSE
    PERFORM sync_log(array_agg('courses'::text), array_agg(c.course_id)) FROM (
      SELECT n.course_id FROM new_rows n UNION ALL SELECT o.course_id FROM old_rows o
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_users();
--> statement-breakpoint
CREATE TRIGGER users_sync_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_users();
--> statement-breakpoint
CREATE TRIGGER users_sync_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_users();
--> statement-breakpoint
CREATE TRIGGER users_sync_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER enrollments_sync_insert AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_sync_update AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_sync_delete AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_sync_truncate AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER courses_sync_insert AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('courses');
--> statement-breakpoint
CREATE TRIGGER courses_sync_update AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('courses');
--> statement-breakpoint
CREATE TRIGGER courses_sync_delete AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('courses');
--> statement-breakpoint
CREATE TRIGGER courses_sync_truncate AFTER TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER batches_sync_insert AFTER INSERT ON "batches" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('batches');
--> statement-breakpoint
CREATE TRIGGER batches_sync_update AFTER UPDATE ON "batches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('batches');
--> statement-breakpoint
CREATE TRIGGER batches_sync_delete AFTER DELETE ON "batches" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('batches');
--> statement-breakpoint
CREATE TRIGGER batches_sync_truncate AFTER TRUNCATE ON "batches" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER service_purchases_sync_insert AFTER INSERT ON "service_purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('services');
--> statement-breakpoint
CREATE TRIGGER service_purchases_sync_update AFTER UPDATE ON "service_purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('services');
--> statement-breakpoint
CREATE TRIGGER service_purchases_sync_delete AFTER DELETE ON "service_purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('services');
--> statement-breakpoint
CREATE TRIGGER service_purchases_sync_truncate AFTER TRUNCATE ON "service_purchases" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER course_syllabus_sync_insert AFTER INSERT ON "course_syllabus" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_syllabus_sync_update AFTER UPDATE ON "course_syllabus" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_syllabus_sync_delete AFTER DELETE ON "course_syllabus" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_syllabus_sync_truncate AFTER TRUNCATE ON "course_syllabus" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER course_faqs_sync_insert AFTER INSERT ON "course_faqs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_faqs_sync_update AFTER UPDATE ON "course_faqs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_faqs_sync_delete AFTER DELETE ON "course_faqs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_faqs_sync_truncate AFTER TRUNCATE ON "course_faqs" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER course_reviews_sync_insert AFTER INSERT ON "course_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_reviews_sync_update AFTER UPDATE ON "course_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_reviews_sync_delete AFTER DELETE ON "course_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_reviews_sync_truncate AFTER TRUNCATE ON "course_reviews" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER course_resources_sync_insert AFTER INSERT ON "course_resources" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_resources_sync_update AFTER UPDATE ON "course_resources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_resources_sync_delete AFTER DELETE ON "course_resources" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_resources_sync_truncate AFTER TRUNCATE ON "course_resources" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER course_table_data_sync_insert AFTER INSERT ON "course_table_data" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_table_data_sync_update AFTER UPDATE ON "course_table_data" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_table_data_sync_delete AFTER DELETE ON "course_table_data" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_course_items();
--> statement-breakpoint
CREATE TRIGGER course_table_data_sync_truncate AFTER TRUNCATE ON "course_table_data" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
