-- The activity window (docs/activity.md): the sync carries only the newest activity entries, those at or
-- after (activity_from, activity_from_id) in the log's order (created_at, id). src/server/sync/activity-window.ts
-- moves it (ACTIVITY_WINDOW_DAYS, ACTIVITY_WINDOW_ENTRIES) and logs the entries it passes over as sync changes,
-- so devices drop them (or fetch them, when the window widens). Null: no window set yet, every entry is in it.
ALTER TABLE "sync_state" ADD COLUMN "activity_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "activity_from_id" uuid;
