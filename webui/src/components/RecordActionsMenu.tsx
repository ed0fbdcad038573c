import type { ReactNode } from 'react';
import { EllipsisVertical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NO_EDIT_REASON, useCan } from '@/hooks/session';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/**
 * RecordActionsMenu is the "⋮" menu of a record's card: Edit and Delete,
 * with a record's own items before and after Edit. The trigger is named
 * "Actions for <name>" so every card's menu is told apart by screen readers.
 */
export function RecordActionsMenu({
  name,
  onEdit,
  onDelete,
  leading,
  trailing,
  triggerClassName,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  leading?: ReactNode;
  trailing?: ReactNode;
  triggerClassName?: string;
}) {
  // A role without plan.edit sees Edit and Delete disabled, with why.
  const canEdit = useCan('plan.edit');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={triggerClassName} aria-label={`Actions for ${name}`}>
          <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {leading}
        <DropdownMenuItem onSelect={onEdit} disabled={!canEdit} title={canEdit ? undefined : NO_EDIT_REASON}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {trailing}
        {(leading || trailing) && <DropdownMenuSeparator />}
        <DropdownMenuItem className="text-red-700" onSelect={onDelete} disabled={!canEdit} title={canEdit ? undefined : NO_EDIT_REASON}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
