import type { ReactNode } from 'react';
import { EllipsisVertical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { GuardedMenuItem } from '@/components/CanEdit';
import { DropdownMenu, DropdownMenuContent, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={triggerClassName} aria-label={`Actions for ${name}`}>
          <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {leading}
        {/* A role without plan.edit sees Edit and Delete disabled, with why. */}
        <GuardedMenuItem onSelect={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </GuardedMenuItem>
        {trailing}
        {(leading || trailing) && <DropdownMenuSeparator />}
        <GuardedMenuItem className="text-red-700" onSelect={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </GuardedMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
