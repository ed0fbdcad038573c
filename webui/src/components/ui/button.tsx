import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-blue-700 text-white hover:bg-blue-800',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
} as const;

const sizes = {
  default: 'h-9 px-4 py-2 text-sm',
  sm: 'h-8 px-3 text-sm',
  icon: 'h-8 w-8',
} as const;

/** ButtonProps adds a variant and size to a native button. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

const base = cn(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
  'disabled:pointer-events-none disabled:opacity-60',
);

// Every variant and size's class string is merged once, here: a list of
// twenty cards draws two hundred buttons, and tailwind-merge was one of the
// largest costs of their render. Only a button given its own
// className is merged when drawn.
const classes = Object.fromEntries(
  Object.entries(variants).map(([v, vc]) => [v, Object.fromEntries(Object.entries(sizes).map(([s, sc]) => [s, cn(base, vc, sc)]))]),
) as Record<keyof typeof variants, Record<keyof typeof sizes, string>>;

/** buttonClass is a Button's class string: its variant's and size's, with className merged over them. */
function buttonClass(variant: keyof typeof variants = 'default', size: keyof typeof sizes = 'default', className?: string): string {
  return className ? cn(classes[variant][size], className) : classes[variant][size];
}

/** Button is the app's button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant = 'default', size = 'default', type = 'button', ...props }, ref) => (
  <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />
));
Button.displayName = 'Button';
