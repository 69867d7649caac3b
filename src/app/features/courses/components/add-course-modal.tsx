import { useAddCourse } from '@/app/features/courses/api/add-course';
import { courseCardBody } from '@/shared/schemas/course';
import { BLANK_CARD, CourseCardFields } from './course-card-fields';
import { SchemaFormModal } from './modals/schema-form-modal';

export function AddCourseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddCourse();
  return (
    <SchemaFormModal
      title="Add Course"
      submitLabel="Add Course"
      pendingLabel="Adding..."
      opened={opened}
      onClose={onClose}
      initialValues={BLANK_CARD}
      schema={courseCardBody}
      Fields={CourseCardFields}
      onSubmit={(body) => add.mutateAsync(body)}
      pending={add.isPending}
      resetOnSuccess
    />
  );
}
