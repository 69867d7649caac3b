import type { Activity, Batch, Course, Enrollment, Service, User } from '@/shared/schemas';
import type { SyncList } from '@/shared/schemas/sync';
import { activity } from './codecs/activity';
import { plain, type ListCodec } from './codecs/chunk';
import { enrollments, services } from './codecs/payments';
import { users } from './codecs/users';

/**
 * Each list's codec (codecs/): how its rows are held in memory and stored on the device, a chunk of up to
 * CHUNK_ROWS rows as one columnar JSON text (codecs/chunk.ts).
 */

export type { ListCodec };

/** Bump when a stored chunk's form changes: older device copies are dropped and synced again. */
export const CHUNK_FORMAT = 3;

export interface SyncRows {
  users: User;
  courses: Course;
  batches: Batch;
  services: Service;
  enrollments: Enrollment;
  activity: Activity;
}

export const LIST_CODECS: { [L in SyncList]: ListCodec<SyncRows[L]> } = {
  users,
  /** Batches and courses are few: stored as they are. */
  courses: plain<Course>(),
  batches: plain<Batch>(),
  services,
  enrollments,
  activity,
};
