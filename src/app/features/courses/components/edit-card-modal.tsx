import { useUpdateCard } from '@/app/features/courses/api/update-card';
import { MESSAGES } from '@/shared/messages';
import { courseCardBody, type Course } from '@/shared/schemas/course';
import { cardValues, CourseCardFields } from './course-card-fields';
import { SchemaFormModal } from './modals/schema-form-modal';

/** The card's edit form (PUT /courses/{id}/card): what the course list and the public catalogue show. */
export function EditCardModal({ course, onClose }: { course: Course; onClose: () => void }) {
  const update = useUpdateCard(course._id);
  return (
    <SchemaFormModal
      title={MESSAGES.courseCard.editTitle}
      submitLabel={MESSAGES.courseCard.update}
      pendingLabel="Updating..."
      opened
      onClose={onClose}
      initialValues={cardValues(course)}
      schema={courseCardBody}
      Fields={CourseCardFields}
      onSubmit={(card, version) => update.mutateAsync({ card, version })}
      pending={update.isPending}
      edits={{ course, valuesOf: cardValues }}
    />
  );
}
