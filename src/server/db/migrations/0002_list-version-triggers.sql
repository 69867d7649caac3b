-- Each list endpoint's cache version, bumped in the same transaction as any change to a table it reads.
INSERT INTO "list_versions" ("name") VALUES ('users'), ('courses'), ('enrollments'), ('batches'), ('services') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = ANY (TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- users appear populated inside enrollments and service purchases
CREATE TRIGGER users_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('users', 'enrollments', 'services');
--> statement-breakpoint
CREATE TRIGGER courses_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
CREATE TRIGGER course_syllabus_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_syllabus" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
CREATE TRIGGER course_faqs_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_faqs" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
CREATE TRIGGER course_reviews_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_reviews" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
CREATE TRIGGER course_resources_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_resources" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
CREATE TRIGGER course_table_data_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_table_data" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('courses');
--> statement-breakpoint
-- batches carry their enrollment count
CREATE TRIGGER enrollments_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('enrollments', 'batches');
--> statement-breakpoint
CREATE TRIGGER batches_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "batches" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('batches');
--> statement-breakpoint
CREATE TRIGGER service_purchases_bump_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_purchases" FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('services');
