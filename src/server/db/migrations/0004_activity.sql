CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"admin_id" uuid,
	"admin_name" text,
	"admin_email" text,
	"action" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid,
	"record_name" text DEFAULT '' NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "activity_created_at_idx" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_record_idx" ON "activity" USING btree ("record_id");--> statement-breakpoint
-- The activity log (docs/activity.md). A write through the API sets `coursedesk.actor` for its transaction
-- (src/server/activity/actor.ts): the admin, the words of the summaries and, when the route names one, the
-- action. These triggers turn each row the write changed into one entry. Writes without an actor (seeding,
-- start-up) are not logged, and neither are the rows a foreign key's cascade changes (enrollments and
-- purchases whose user or course is set null, the items of a deleted course): they belong to the record
-- that was deleted, whose entry holds its last state. (Cascades run at the same trigger depth as the
-- statement, so they are recognised by what they do.)
--
-- Lock order: a table's triggers fire in name order, and every write takes its list_versions rows
-- (`*_bump_lists`) before the sync clock (`*_sync_*`, sync_state's row lock, held until commit). The
-- activity triggers (`*_zz_activity_*`) come last, after both: their insert takes the sync clock again (held
-- already) and no other lock, so a write through the API locks in the same order as every other write.
-- (The activity list has no list_versions row for the same reason: GET /api/activity follows the sync clock.)
--
-- The record an entry is about (a course item belongs to its course) and its name as people read it.
CREATE OR REPLACE FUNCTION activity_target(key text, r jsonb, OUT kind text, OUT record_id uuid, OUT record_name text)
LANGUAGE sql STABLE AS $$
  SELECT
    CASE WHEN key IN ('user', 'course', 'batch', 'enrollment', 'service') THEN key ELSE 'course' END,
    CASE WHEN key IN ('user', 'course', 'batch', 'enrollment', 'service') THEN (r->>'id')::uuid
      ELSE (r->>'course_id')::uuid END,
    CASE key
      WHEN 'user' THEN concat(r->>'name', ' (', r->>'email', ')')
      WHEN 'enrollment' THEN concat(r->>'user_name', ' (', r->>'user_email', ') · ', r->>'course_title')
      WHEN 'service' THEN concat(r->>'customer_name', ' (', r->>'customer_email', ') · ', r->>'title')
      WHEN 'course' THEN coalesce(r->>'title', '')
      WHEN 'batch' THEN coalesce(r->>'batch_name', '')
      ELSE concat((SELECT c.title FROM "courses" c WHERE c.id = (r->>'course_id')::uuid), ' · ',
        coalesce(r->>'topic', r->>'question', r->>'reviewer', r->>'name', r->>'feature'))
    END
$$;
--> statement-breakpoint
-- TG_ARGV[0] names the record kind (or the course item kind). Secrets never enter the log: password_hash
-- is dropped with the id (the entry has it) and updated_at (the entry's own time says when).
CREATE OR REPLACE FUNCTION activity_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('coursedesk.actor', true), '')::jsonb;
  key text := TG_ARGV[0];
  hidden text[] := ARRAY['id', 'password_hash', 'updated_at'];
  entries jsonb;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('r', x.r, 'action', coalesce(actor->>'action', 'create'), 'after', x.r - hidden))
      INTO entries FROM (SELECT to_jsonb(n) AS r FROM new_rows n) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('r', x.r, 'action', coalesce(actor->>'action', 'delete'), 'before', x.r - hidden))
      INTO entries FROM (SELECT to_jsonb(o) AS r FROM old_rows o) x
      WHERE key IN ('user', 'course', 'batch', 'enrollment', 'service')
        OR EXISTS (SELECT 1 FROM "courses" c WHERE c.id = (x.r->>'course_id')::uuid);
  ELSE
    -- Only the fields that changed, before and after; an update that changed nothing visible is no entry.
    SELECT jsonb_agg(jsonb_build_object('r', d.nj, 'before', d.b, 'after', d.a, 'action', CASE
        WHEN actor ? 'action' THEN actor->>'action'
        WHEN d.a ? 'is_verified' THEN CASE WHEN (d.a->>'is_verified')::boolean THEN 'approve' ELSE 'disapprove' END
        WHEN d.a ? 'completed' AND (d.a->>'completed')::boolean THEN 'complete'
        ELSE 'update' END))
      INTO entries
      FROM (
        SELECT p.nj,
          (SELECT jsonb_object_agg(k, p.oj->k) FROM jsonb_object_keys(p.nj - hidden) k WHERE p.nj->k IS DISTINCT FROM p.oj->k) AS b,
          (SELECT jsonb_object_agg(k, p.nj->k) FROM jsonb_object_keys(p.nj - hidden) k WHERE p.nj->k IS DISTINCT FROM p.oj->k) AS a
        FROM (SELECT to_jsonb(n) AS nj, to_jsonb(o) AS oj FROM new_rows n JOIN old_rows o ON o.id = n.id) p
      ) d
      WHERE d.a IS NOT NULL AND NOT d.a <@ '{"user_id": null, "course_id": null, "batch_id": null}'::jsonb;
  END IF;
  IF entries IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "activity" ("admin_id", "admin_name", "admin_email", "action", "kind", "record_id", "record_name", "summary", "before", "after")
    SELECT (actor->>'id')::uuid, actor->>'name', actor->>'email', e->>'action', t.kind, t.record_id, t.record_name,
      concat(actor->'verbs'->>(e->>'action'), ' ', actor->'nouns'->>key, ': ', t.record_name), e->'before', e->'after'
    FROM jsonb_array_elements(entries) e CROSS JOIN LATERAL activity_target(key, e->'r') t;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Writers that bump several list versions (a user: users, enrollments, services; an enrollment: enrollments,
-- batches) take their rows in one order, by name, rather than in the order a scan meets them, which can
-- differ between two transactions: a user delete (which takes all four first, see lockUserLists) and an
-- approval then never wait for each other crosswise. Held in the writing transaction anyway, the wait for
-- the activity log's longer transactions made that visible.
CREATE OR REPLACE FUNCTION bump_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "list_versions" WHERE "name" = ANY (TG_ARGV) ORDER BY "name" FOR UPDATE;
  UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = ANY (TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The log is never edited: only pruning (ACTIVITY_RETENTION_DAYS) deletes from it.
CREATE OR REPLACE FUNCTION activity_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity entries are never changed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_no_update BEFORE UPDATE ON "activity" FOR EACH STATEMENT EXECUTE FUNCTION activity_unchangeable();
--> statement-breakpoint
-- The activity list syncs like the others (docs/sync.md): new entries are upserts, pruned ones deletes.
CREATE TRIGGER activity_sync_insert AFTER INSERT ON "activity" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('activity');
--> statement-breakpoint
CREATE TRIGGER activity_sync_delete AFTER DELETE ON "activity" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_rows('activity');
--> statement-breakpoint
CREATE TRIGGER activity_sync_truncate AFTER TRUNCATE ON "activity" FOR EACH STATEMENT EXECUTE FUNCTION sync_truncated();
--> statement-breakpoint
CREATE TRIGGER users_zz_activity_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('user');
--> statement-breakpoint
CREATE TRIGGER users_zz_activity_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('user');
--> statement-breakpoint
CREATE TRIGGER users_zz_activity_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('user');
--> statement-breakpoint
CREATE TRIGGER courses_zz_activity_insert AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('course');
--> statement-breakpoint
CREATE TRIGGER courses_zz_activity_update AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('course');
--> statement-breakpoint
CREATE TRIGGER courses_zz_activity_delete AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('course');
--> statement-breakpoint
CREATE TRIGGER batches_zz_activity_insert AFTER INSERT ON "batches" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('batch');
--> statement-breakpoint
CREATE TRIGGER batches_zz_activity_update AFTER UPDATE ON "batches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('batch');
--> statement-breakpoint
CREATE TRIGGER batches_zz_activity_delete AFTER DELETE ON "batches" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('batch');
--> statement-breakpoint
CREATE TRIGGER enrollments_zz_activity_insert AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('enrollment');
--> statement-breakpoint
CREATE TRIGGER enrollments_zz_activity_update AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('enrollment');
--> statement-breakpoint
CREATE TRIGGER enrollments_zz_activity_delete AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('enrollment');
--> statement-breakpoint
CREATE TRIGGER service_purchases_zz_activity_insert AFTER INSERT ON "service_purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('service');
--> statement-breakpoint
CREATE TRIGGER service_purchases_zz_activity_update AFTER UPDATE ON "service_purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('service');
--> statement-breakpoint
CREATE TRIGGER service_purchases_zz_activity_delete AFTER DELETE ON "service_purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('service');
--> statement-breakpoint
CREATE TRIGGER course_syllabus_zz_activity_insert AFTER INSERT ON "course_syllabus" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('syllabus');
--> statement-breakpoint
CREATE TRIGGER course_syllabus_zz_activity_update AFTER UPDATE ON "course_syllabus" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('syllabus');
--> statement-breakpoint
CREATE TRIGGER course_syllabus_zz_activity_delete AFTER DELETE ON "course_syllabus" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('syllabus');
--> statement-breakpoint
CREATE TRIGGER course_faqs_zz_activity_insert AFTER INSERT ON "course_faqs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('faq');
--> statement-breakpoint
CREATE TRIGGER course_faqs_zz_activity_update AFTER UPDATE ON "course_faqs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('faq');
--> statement-breakpoint
CREATE TRIGGER course_faqs_zz_activity_delete AFTER DELETE ON "course_faqs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('faq');
--> statement-breakpoint
CREATE TRIGGER course_reviews_zz_activity_insert AFTER INSERT ON "course_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('review');
--> statement-breakpoint
CREATE TRIGGER course_reviews_zz_activity_update AFTER UPDATE ON "course_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('review');
--> statement-breakpoint
CREATE TRIGGER course_reviews_zz_activity_delete AFTER DELETE ON "course_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('review');
--> statement-breakpoint
CREATE TRIGGER course_resources_zz_activity_insert AFTER INSERT ON "course_resources" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('resource');
--> statement-breakpoint
CREATE TRIGGER course_resources_zz_activity_update AFTER UPDATE ON "course_resources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('resource');
--> statement-breakpoint
CREATE TRIGGER course_resources_zz_activity_delete AFTER DELETE ON "course_resources" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('resource');
--> statement-breakpoint
CREATE TRIGGER course_table_data_zz_activity_insert AFTER INSERT ON "course_table_data" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('tableData');
--> statement-breakpoint
CREATE TRIGGER course_table_data_zz_activity_update AFTER UPDATE ON "course_table_data" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('tableData');
--> statement-breakpoint
CREATE TRIGGER course_table_data_zz_activity_delete AFTER DELETE ON "course_table_data" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log('tableData');
