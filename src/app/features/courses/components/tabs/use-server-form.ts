import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { fieldErrors } from '@/app/lib/form';

/**
 * A form over the server's copy of a record. When a newer copy arrives (a save, Reload Data), the form shows it,
 * unless the admin has unsaved edits. `saved()` marks the current values as the saved ones;
 * `failed(err)` handles a refused save.
 */
export function useServerForm<V extends Record<string, unknown>>(
  values: V,
  version: string,
  validate: (values: V) => Record<string, string>,
) {
  const form = useForm<V>({ initialValues: values, validate });
  useEffect(() => {
    if (form.isDirty()) return;
    form.setInitialValues(values);
    form.setValues(values);
    // Only a new server version counts: `values` is rebuilt on every render and `form` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const saved = () => form.setInitialValues(form.getValues());
  /** A failed save: logged (the toast comes from the generic handler), server field errors on their fields. */
  const failed = (err: unknown) => {
    console.error(err);
    form.setErrors(fieldErrors(err));
  };
  return { form, saved, failed };
}
