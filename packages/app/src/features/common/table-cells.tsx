import { IconButton, Switch } from '@crw/ui';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A table cell's on/off switch (named for its row) with the state written beside it for sighted users. */
export function SwitchCell({
  label,
  checked,
  onCheckedChange,
  onText,
  offText,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onText: string;
  offText: string;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <Switch aria-label={label} checked={checked} onCheckedChange={onCheckedChange} />
      <span className="text-xs text-muted-foreground" aria-hidden="true">
        {checked ? onText : offText}
      </span>
    </span>
  );
}

/** A row's edit and delete buttons (after any `children`, the row's own actions). */
export function RowActions({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  deleteDisabled,
  children,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete: () => void;
  deleteDisabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <span className="inline-flex gap-1">
      {children}
      <IconButton label={editLabel} size="icon-sm" onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </IconButton>
      <IconButton label={deleteLabel} size="icon-sm" disabled={deleteDisabled} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" />
      </IconButton>
    </span>
  );
}
