import { ChartLine, CircleHelp, Cog, Lightbulb, Megaphone, Rocket, Route, Tag, UserCheck, Users, type LucideIcon } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  'fa-rocket': Rocket,
  'fa-chart-line': ChartLine,
  'fa-users': Users,
  'fa-bullhorn': Megaphone,
  'fa-cogs': Cog,
  'fa-route': Route,
  'fa-user-check': UserCheck,
  'fa-question-circle': CircleHelp,
  'fa-lightbulb': Lightbulb,
  'fa-tag': Tag,
};

/** ThemeIcon draws a theme's stored icon name (fa-*) with a local icon; unknown names get a tag. */
export function ThemeIcon({ icon, className }: { icon: string; className?: string }) {
  // Spec 02 names icons without the fa- prefix; accept both.
  const Icon = icons[icon] ?? icons[`fa-${icon}`] ?? Tag;
  return <Icon className={className} aria-hidden="true" />;
}
