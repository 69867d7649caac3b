-- An entry's time is the moment of its write, unless the writing transaction sets `coursedesk.backdate`: the
-- demo seed (src/server/demo-history.ts) writes a few weeks of past activity through the same
-- repositories and triggers as the API, each write with the moment it stands for. Nothing else sets it (an
-- HTTP request cannot set a setting), so a real write is always logged at its own time.
ALTER TABLE "activity" ALTER COLUMN "created_at" SET DEFAULT coalesce(nullif(current_setting('coursedesk.backdate', true), '')::timestamptz, clock_timestamp());
