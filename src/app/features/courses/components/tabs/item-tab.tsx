import { EmptyState, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { fieldsSchemaOf, ITEM_KINDS, itemsOf, type ItemKind, type ItemOf } from '@/app/features/courses/api/item-kinds';
import { useItemMutations } from '@/app/features/courses/api/item-mutations';
import {
  SchemaFormModal,
  type FieldsComponent,
  type FormValues,
} from '@/app/features/courses/components/modals/schema-form-modal';
import { deleteWithNotice } from '@/app/lib/confirm';
import { deleteShown, updatedAtVersion } from '@/app/lib/list-writes';
import { MESSAGES } from '@/shared/messages';
import { plural } from '@/shared/plural';
import type { Course } from '@/shared/schemas';
import { ItemRow } from './item-row';

/**
 * What differs between the five item kinds in code: their form fields, how an item reads and how its buttons name
 * it. Their words come from `MESSAGES.courseItemTabs`, the schema and the deletion notice from the kind.
 */
export interface ItemView<K extends ItemKind, V extends FormValues> {
  /** Names the item in its buttons' accessible names, e.g. 'syllabus week 2' in 'Edit syllabus week 2'. */
  name: (item: ItemOf<K>) => string;
  Fields: FieldsComponent<V>;
  Content: ComponentType<{ item: ItemOf<K> }>;
  /** Start values of the add form other than empty text (the fields come from the kind's schema). */
  start?: Partial<V>;
}

/** The item's values of the form's fields. */
const valuesOf = <V extends FormValues>(item: object, blank: V) =>
  Object.fromEntries(Object.keys(blank).map((k) => [k, (item as Record<string, unknown>)[k]])) as V;

/** The add form's values: each field of the kind empty, unless the view starts it elsewhere. */
const blankOf = <V extends FormValues>(kind: ItemKind, start: Partial<V> = {}) =>
  ({ ...Object.fromEntries(Object.keys(ITEM_KINDS[kind].fields.shape).map((k) => [k, ''])), ...start }) as V;

/** The tab of one kind of course item. */
export const itemTab =
  <K extends ItemKind, V extends FormValues>(kind: K, view: ItemView<K, V>) =>
  ({ course }: { course: Course }) => <ItemTab course={course} kind={kind} view={view} />;

/**
 * A tab listing one kind of course item with add (modal), edit (modal, prefilled) and delete (confirm, then notice).
 */
function ItemTab<K extends ItemKind, V extends FormValues>({
  course,
  kind,
  view,
}: {
  course: Course;
  kind: K;
  view: ItemView<K, V>;
}) {
  const { noun, counted, empty } = MESSAGES.courseItemTabs[kind];
  const blank = blankOf(kind, view.start);
  const items = itemsOf(course, kind);
  const { add, update, remove } = useItemMutations(kind, course._id);
  const [adding, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<ItemOf<K> | null>(null);
  /** The edited item's values in a version of the course (null once it is gone). */
  const itemValues = (c: Course, id: string) => {
    const item = itemsOf(c, kind).find((i) => i._id === id);
    return item ? valuesOf(item, blank) : null;
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {plural(items.length, counted)}
        </Text>
        <WriteButton onClick={addModal.open}>+ Add {noun}</WriteButton>
      </Group>
      {items.length === 0 ? (
        <EmptyState icon={<IconListDetails />} withIndicatorBackground title={empty} size="sm" py="lg" />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${noun} items`}>
          {items.map((item) => (
            <ItemRow
              key={item._id}
              name={view.name(item)}
              onEdit={() => setEditing(item)}
              onDelete={() =>
                void deleteWithNotice(
                  () =>
                    deleteShown(
                      (version) => remove.mutateAsync({ id: item._id, version }),
                      updatedAtVersion(course),
                      updatedAtVersion,
                    ),
                  MESSAGES.deleted[kind],
                )
              }
              deleting={remove.isPending && remove.variables?.id === item._id}
            >
              <view.Content item={item} />
            </ItemRow>
          ))}
        </Stack>
      )}
      <SchemaFormModal
        title={`Add ${noun}`}
        submitLabel={`Add ${noun}`}
        pendingLabel="Adding..."
        opened={adding}
        onClose={addModal.close}
        initialValues={blank}
        schema={fieldsSchemaOf(kind)}
        Fields={view.Fields}
        onSubmit={(fields) => add.mutateAsync(fields)}
        pending={add.isPending}
        resetOnSuccess
      />
      {/* Mounted per edit, so it always opens with the item's current values. */}
      {editing ? (
        <SchemaFormModal
          key={editing._id}
          title={`Edit ${noun}`}
          submitLabel={`Update ${noun}`}
          pendingLabel="Updating..."
          opened
          onClose={() => setEditing(null)}
          initialValues={valuesOf(editing, blank)}
          schema={fieldsSchemaOf(kind)}
          Fields={view.Fields}
          onSubmit={(fields, version) => update.mutateAsync({ id: editing._id, fields, version })}
          pending={update.isPending}
          edits={{ course, valuesOf: (c) => itemValues(c, editing._id) }}
        />
      ) : null}
    </Stack>
  );
}
