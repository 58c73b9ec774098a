// The record's own actions beside Save in the form's footer (spec 1 §2.5, §2.6): Archive (a lead), Hide or
// Unhide, Delete and Permanently Delete, each only where the role may; all wait while a save is under way.
import { Button } from '@mantine/core';
import { IconArchive, IconEye, IconEyeOff, IconTrash, IconTrashX } from '@tabler/icons-react';

export type RecordFormAction = 'archive' | 'hide' | 'unhide' | 'delete' | 'permanent';

type RecordFormActionsProps<A extends string> = {
  isHidden: boolean;
  /** The actions the role may take here. */
  offered: { archive?: boolean; hide: boolean; delete: boolean; permanent?: boolean };
  saving: boolean;
  /** The record type's handler; it is only called with the actions `offered` names. */
  onAction: (action: A) => void;
};

export function RecordFormActions<A extends string>({
  isHidden,
  offered,
  saving,
  onAction,
}: RecordFormActionsProps<A>) {
  const act = (action: RecordFormAction) => onAction(action as A);
  return (
    <>
      {offered.archive ? (
        <Button
          variant="default"
          leftSection={<IconArchive size={16} />}
          onClick={() => act('archive')}
          disabled={saving}
        >
          Archive
        </Button>
      ) : null}
      {offered.hide ? (
        <Button
          variant="subtle"
          color="gray"
          leftSection={isHidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
          onClick={() => act(isHidden ? 'unhide' : 'hide')}
          disabled={saving}
        >
          {isHidden ? 'Unhide' : 'Hide'}
        </Button>
      ) : null}
      {offered.delete ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => act('delete')}
          disabled={saving}
        >
          Delete
        </Button>
      ) : null}
      {offered.permanent ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrashX size={16} />}
          onClick={() => act('permanent')}
          disabled={saving}
        >
          Permanently Delete
        </Button>
      ) : null}
    </>
  );
}
