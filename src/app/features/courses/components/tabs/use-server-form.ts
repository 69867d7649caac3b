import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useConflict } from '@/app/components/ui/conflict-panel';
import { fieldErrors } from '@/app/lib/form';
import { updatedAtVersion, type Version } from '@/app/lib/list-writes';
import type { Course } from '@/shared/schemas';

/**
 * A form over part of the server's copy of a course. When a newer copy arrives (a save, Reload Data, another
 * admin's change), the form shows it, unless the admin has unsaved edits: then it stays on the version it
 * showed, and a save made on it that another admin's change has overtaken shows the conflict panel
 * (docs/conflicts.md). `write` sends the values with the version and resolves with the saved course.
 */
export function useServerForm<V extends Record<string, unknown>>(opts: {
  course: Course;
  valuesOf: (course: Course) => V;
  validate: (values: V) => Record<string, string>;
  write: (values: V, version: Version) => Promise<Course>;
  pending: boolean;
}) {
  const { course, valuesOf, write } = opts;
  const form = useForm<V>({ initialValues: valuesOf(course), validate: opts.validate });
  const conflict = useConflict({ record: course, valuesOf, versionOf: updatedAtVersion });
  useEffect(() => {
    if (form.isDirty()) return;
    const values = valuesOf(course);
    form.setInitialValues(values);
    form.setValues(values);
    conflict.rebase(course);
    // Only a new server version counts: `valuesOf` and `form` are stable in what they do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course.updatedAt]);

  /** These values, saved on a version: they become the saved ones, and the form stands on the saved course. */
  const run = (values: V) => async (version: Version) => {
    const saved = await write(values, version);
    form.setInitialValues(values);
    conflict.rebase(saved);
  };
  /** A failed save: logged (the toast comes from the generic handler), server field errors on their fields. */
  const attempt = (saving: Promise<boolean>) =>
    saving.catch((err: unknown) => {
      console.error(err);
      form.setErrors(fieldErrors(err));
    });

  const submit = form.onSubmit((values) => void attempt(conflict.save(run(values))));
  const panel = conflict.panel(form.values, {
    onTakeTheirs: () => {
      const theirs = conflict.takeTheirs();
      if (!theirs) return;
      form.setInitialValues(theirs);
      form.setValues(theirs);
    },
    onSaveMine: () => {
      if (!form.validate().hasErrors) void attempt(conflict.saveMine(run(form.getValues())));
    },
    saving: opts.pending,
  });
  return { form, submit, panel };
}
