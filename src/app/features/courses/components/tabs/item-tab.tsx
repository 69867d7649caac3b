import { EmptyState, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { fieldsSchemaOf, itemsOf, type ItemKind, type ItemOf } from '@/app/features/courses/api/item-kinds';
import { useItemMutations } from '@/app/features/courses/api/item-mutations';
import {
  SchemaFormModal,
  type FieldsComponent,
  type FormValues,
} from '@/app/features/courses/components/modals/schema-form-modal';
import { deleteWithNotice } from '@/app/lib/confirm';
import { MESSAGES } from '@/shared/messages';
import type { Course } from '@/shared/schemas';
import { ItemRow } from './item-row';

/**
 * What differs between the five item kinds: their words, form fields and how an item reads (the schema and
 * the deletion notice come from the kind).
 */
export interface ItemView<K extends ItemKind, V extends FormValues> {
  kind: K;
  /** 'Syllabus' gives 'Add Syllabus', 'Edit Syllabus', 'Update Syllabus'. */
  noun: string;
  count: (n: number) => string;
  emptyText: string;
  /** Names the item in its buttons' accessible names, e.g. 'syllabus week 2' in 'Edit syllabus week 2'. */
  name: (item: ItemOf<K>) => string;
  /** The add form's values; the edit form starts from the item's values of the same fields. */
  blank: V;
  Fields: FieldsComponent<V>;
  Content: ComponentType<{ item: ItemOf<K> }>;
}

/** The item's values of the form's fields. */
const valuesOf = <V extends FormValues>(item: object, blank: V) =>
  Object.fromEntries(Object.keys(blank).map((k) => [k, (item as Record<string, unknown>)[k]])) as V;

/**
 * A tab listing one kind of course item with add (modal), edit (modal, prefilled) and delete (confirm, then notice).
 */
export function ItemTab<K extends ItemKind, V extends FormValues>({
  course,
  view,
}: {
  course: Course;
  view: ItemView<K, V>;
}) {
  const items = itemsOf(course, view.kind);
  const { add, update, remove } = useItemMutations(view.kind, course._id);
  const [adding, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<ItemOf<K> | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {view.count(items.length)}
        </Text>
        <WriteButton onClick={addModal.open}>+ Add {view.noun}</WriteButton>
      </Group>
      {items.length === 0 ? (
        <EmptyState icon={<IconListDetails />} withIndicatorBackground title={view.emptyText} size="sm" py="lg" />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${view.noun} items`}>
          {items.map((item) => (
            <ItemRow
              key={item._id}
              name={view.name(item)}
              onEdit={() => setEditing(item)}
              onDelete={() => void deleteWithNotice(() => remove.mutateAsync(item._id), MESSAGES.deleted[view.kind])}
              deleting={remove.isPending && remove.variables === item._id}
            >
              <view.Content item={item} />
            </ItemRow>
          ))}
        </Stack>
      )}
      <SchemaFormModal
        title={`Add ${view.noun}`}
        submitLabel={`Add ${view.noun}`}
        pendingLabel="Adding..."
        opened={adding}
        onClose={addModal.close}
        initialValues={view.blank}
        schema={fieldsSchemaOf(view.kind)}
        Fields={view.Fields}
        onSubmit={(fields) => add.mutateAsync(fields)}
        pending={add.isPending}
        resetOnSuccess
      />
      {/* Mounted per edit, so it always opens with the item's current values. */}
      {editing ? (
        <SchemaFormModal
          key={editing._id}
          title={`Edit ${view.noun}`}
          submitLabel={`Update ${view.noun}`}
          pendingLabel="Updating..."
          opened
          onClose={() => setEditing(null)}
          initialValues={valuesOf(editing, view.blank)}
          schema={fieldsSchemaOf(view.kind)}
          Fields={view.Fields}
          onSubmit={(fields) => update.mutateAsync({ id: editing._id, fields })}
          pending={update.isPending}
        />
      ) : null}
    </Stack>
  );
}
