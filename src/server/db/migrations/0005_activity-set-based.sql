-- The activity log's triggers (0004), rewritten for statements that change many rows: a bulk approval of
-- 10,000 enrollments took 12 to 60 s in PGlite and 7 to 35 s in PostgreSQL, where it took 0.1 to 0.3 s
-- before the log. What each write records is unchanged, and 0004's notes (the actor, cascades, lock order)
-- still hold: the triggers keep their names, so they fire in the same order.
--
-- The cause, measured with auto_explain: the update branch diffed every row as jsonb, key by key. The planner
-- flattened the subquery that made to_jsonb(new) and to_jsonb(old) once, so both were rebuilt from the whole
-- row (course descriptions included) for each of the ~24 keys, in each of the 8 places the changed fields
-- were used (the action's CASE repeated them): ~350 row conversions per changed row, ~5 ms a row in
-- PostgreSQL. Done once per row it still cost ~0.1 ms a row in PGlite (a set-returning function and an
-- aggregate per row). The entries then went through one jsonb array (jsonb_agg, then jsonb_array_elements)
-- and a SQL function per row for the record's name: 2 to 4 s for a delete of 10,000. And PostgreSQL's planner,
-- which cannot know the size of a join of two transition tables (it guesses 500,000 rows for 10,000),
-- compiled the statement with JIT for ~1 s.
--
-- Now: one INSERT ... SELECT per statement, straight from the transition tables; the record's name and the
-- summary come from activity_entry(), which the planner inlines; an update compares the table's columns
-- natively (`n.col IS DISTINCT FROM o.col`), in a trigger function generated per table from its columns by
-- activity_watch(), and builds jsonb for the changed fields only; JIT is off for these functions.
--
-- After a migration that adds, renames or drops a column of a logged table, call
-- `SELECT activity_watch('<table>', '<key>');` again (tests/server/activity-triggers.test.ts fails until then).
DROP FUNCTION IF EXISTS activity_target(text, jsonb);
--> statement-breakpoint
-- One entry as the columns of "activity": the admin of `actor`, the record `r` is about (a course item
-- belongs to its course), its name as people read it, and the summary. A set-returning SQL function so that
-- the planner inlines it into the caller's INSERT (a scalar one holding a subquery would run once per row).
CREATE OR REPLACE FUNCTION activity_entry(actor jsonb, key text, r jsonb, act text, fields_before jsonb, fields_after jsonb)
RETURNS TABLE (admin_id uuid, admin_name text, admin_email text, action text, kind text, record_id uuid,
  record_name text, summary text, before jsonb, after jsonb)
LANGUAGE sql STABLE AS $$
  SELECT (actor->>'id')::uuid, actor->>'name', actor->>'email', act, t.kind, t.record_id, t.record_name,
    concat(actor->'verbs'->>act, ' ', actor->'nouns'->>key, ': ', t.record_name), fields_before, fields_after
  FROM (SELECT
    CASE WHEN key IN ('user', 'course', 'batch', 'enrollment', 'service') THEN key ELSE 'course' END AS kind,
    CASE WHEN key IN ('user', 'course', 'batch', 'enrollment', 'service') THEN (r->>'id')::uuid
      ELSE (r->>'course_id')::uuid END AS record_id,
    CASE key
      WHEN 'user' THEN concat(r->>'name', ' (', r->>'email', ')')
      WHEN 'enrollment' THEN concat(r->>'user_name', ' (', r->>'user_email', ') · ', r->>'course_title')
      WHEN 'service' THEN concat(r->>'customer_name', ' (', r->>'customer_email', ') · ', r->>'title')
      WHEN 'course' THEN coalesce(r->>'title', '')
      WHEN 'batch' THEN coalesce(r->>'batch_name', '')
      ELSE concat((SELECT c.title FROM "courses" c WHERE c.id = (r->>'course_id')::uuid), ' · ',
        coalesce(r->>'topic', r->>'question', r->>'reviewer', r->>'name', r->>'feature'))
    END AS record_name) t
$$;
--> statement-breakpoint
-- The action of an update, from the fields it changed, unless the route named one.
CREATE OR REPLACE FUNCTION activity_update_action(actor jsonb, changed jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN actor ? 'action' THEN actor->>'action'
    WHEN changed ? 'is_verified' THEN CASE WHEN (changed->>'is_verified')::boolean THEN 'approve' ELSE 'disapprove' END
    WHEN changed ? 'completed' AND (changed->>'completed')::boolean THEN 'complete'
    ELSE 'update' END
$$;
--> statement-breakpoint
-- Inserts and deletes (TG_ARGV[0] names the record kind or the course item kind): the whole row, once per
-- row (OFFSET 0 keeps the planner from rebuilding to_jsonb at each use). Secrets never enter the log:
-- password_hash is dropped with the id (the entry has it) and updated_at (the entry's own time says when).
-- Updates have their own function per table (activity_watch).
CREATE OR REPLACE FUNCTION activity_log() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  actor jsonb := nullif(current_setting('coursedesk.actor', true), '')::jsonb;
  key text := TG_ARGV[0];
  hidden text[] := ARRAY['id', 'password_hash', 'updated_at'];
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "activity" ("admin_id", "admin_name", "admin_email", "action", "kind", "record_id", "record_name", "summary", "before", "after")
      SELECT e.* FROM (SELECT to_jsonb(n) AS r FROM new_rows n OFFSET 0) x
      CROSS JOIN LATERAL activity_entry(actor, key, x.r, coalesce(actor->>'action', 'create'), NULL, x.r - hidden) e;
  ELSIF TG_OP = 'DELETE' THEN
    -- A course item deleted with its course belongs to the course's entry (its cascade runs after it).
    INSERT INTO "activity" ("admin_id", "admin_name", "admin_email", "action", "kind", "record_id", "record_name", "summary", "before", "after")
      SELECT e.* FROM (SELECT to_jsonb(o) AS r FROM old_rows o OFFSET 0) x
      CROSS JOIN LATERAL activity_entry(actor, key, x.r, coalesce(actor->>'action', 'delete'), x.r - hidden, NULL) e
      WHERE key IN ('user', 'course', 'batch', 'enrollment', 'service')
        OR EXISTS (SELECT 1 FROM "courses" c WHERE c.id = (x.r->>'course_id')::uuid);
  ELSE
    RAISE EXCEPTION 'activity_log() logs inserts and deletes; activity_watch() installs the update trigger';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Logs the writes to `tbl` as entries about `key`: its insert and delete triggers run activity_log(); its
-- update trigger runs activity_update_<table>(), written here from the table's columns as they are now.
-- For each changed row: only the fields that changed, before and after (compared natively: no jsonb for an
-- unchanged field); an update that changed nothing visible is no entry, nor is a foreign key's cascade
-- setting user_id, course_id or batch_id null (it belongs to the deleted record's entry).
CREATE OR REPLACE FUNCTION activity_watch(tbl regclass, key text) RETURNS void LANGUAGE plpgsql AS $watch$
DECLARE
  t text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
  fn text := 'activity_update_' || t;
  fields_before text;
  fields_after text;
BEGIN
  SELECT
    string_agg(format('CASE WHEN n.%1$I IS DISTINCT FROM o.%1$I THEN jsonb_build_object(%1$L, o.%1$I) ELSE ''{}'' END', a.attname), E'\n        || ' ORDER BY a.attnum),
    string_agg(format('CASE WHEN n.%1$I IS DISTINCT FROM o.%1$I THEN jsonb_build_object(%1$L, n.%1$I) ELSE ''{}'' END', a.attname), E'\n        || ' ORDER BY a.attnum)
    INTO fields_before, fields_after
    FROM pg_attribute a
    WHERE a.attrelid = tbl AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> ALL (ARRAY['id', 'password_hash', 'updated_at']);
  EXECUTE format($fn$
CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $body$
DECLARE
  actor jsonb := nullif(current_setting('coursedesk.actor', true), '')::jsonb;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "activity" ("admin_id", "admin_name", "admin_email", "action", "kind", "record_id", "record_name", "summary", "before", "after")
    SELECT e.* FROM (
      SELECT to_jsonb(n) AS r,
        %s AS b,
        %s AS a
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      OFFSET 0
    ) d
    CROSS JOIN LATERAL activity_entry(actor, %L, d.r, activity_update_action(actor, d.a), d.b, d.a) e
    WHERE d.a <> '{}' AND NOT d.a <@ '{"user_id": null, "course_id": null, "batch_id": null}';
  RETURN NULL;
END
$body$$fn$, fn, fields_before, fields_after, key);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', t || '_zz_activity_insert', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', t || '_zz_activity_update', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', t || '_zz_activity_delete', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log(%L)',
    t || '_zz_activity_insert', tbl, key);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    t || '_zz_activity_update', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_log(%L)',
    t || '_zz_activity_delete', tbl, key);
END
$watch$;
--> statement-breakpoint
SELECT activity_watch('users', 'user');
--> statement-breakpoint
SELECT activity_watch('courses', 'course');
--> statement-breakpoint
SELECT activity_watch('batches', 'batch');
--> statement-breakpoint
SELECT activity_watch('enrollments', 'enrollment');
--> statement-breakpoint
SELECT activity_watch('service_purchases', 'service');
--> statement-breakpoint
SELECT activity_watch('course_syllabus', 'syllabus');
--> statement-breakpoint
SELECT activity_watch('course_faqs', 'faq');
--> statement-breakpoint
SELECT activity_watch('course_reviews', 'review');
--> statement-breakpoint
SELECT activity_watch('course_resources', 'resource');
--> statement-breakpoint
SELECT activity_watch('course_table_data', 'tableData');
