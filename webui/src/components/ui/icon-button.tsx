import { forwardRef } from 'react';
import { Button, type ButtonProps } from './button';
import { Tooltip } from './tooltip';

/** IconButton is an icon-only button named by label, with the label as tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string }>(({ label, variant = 'ghost', size = 'icon', ...props }, ref) => (
  <Tooltip content={label}>
    <Button ref={ref} variant={variant} size={size} aria-label={label} {...props} />
  </Tooltip>
));
IconButton.displayName = 'IconButton';
