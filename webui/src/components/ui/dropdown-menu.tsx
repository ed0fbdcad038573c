import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

/** DropdownMenu is a Radix menu root. */
export const DropdownMenu = Menu.Root;
/** DropdownMenuTrigger opens the menu. */
export const DropdownMenuTrigger = Menu.Trigger;

/** DropdownMenuContent is the menu panel. */
export function DropdownMenuContent({ className, sideOffset = 4, ...props }: ComponentPropsWithoutRef<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn('z-50 min-w-[10rem] overflow-hidden rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-md', className)}
        {...props}
      />
    </Menu.Portal>
  );
}

/** DropdownMenuItem is one menu entry. */
export function DropdownMenuItem({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

/** DropdownMenuLabel is a non-interactive heading inside a menu. */
export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs font-semibold text-slate-600', className)} {...props} />;
}

/** DropdownMenuSeparator separates menu groups. */
export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}
