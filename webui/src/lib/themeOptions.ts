// Theme icon and colour choices (spec 01 §3). The Themes form offers the first
// four icons and colours; stored themes may carry any of the others.

/** themeIcons are the icons the theme form offers. */
export const themeIcons = [
  { value: 'fa-rocket', label: 'Rocket (Product Launch)' },
  { value: 'fa-chart-line', label: 'Chart (Analytics/Results)' },
  { value: 'fa-users', label: 'Users (Team/Community)' },
  { value: 'fa-bullhorn', label: 'Megaphone (Marketing)' },
] as const;

/** themeColors are the colours the theme form offers. */
export const themeColors = [
  { value: 'blue', label: 'Blue' },
  { value: 'green', label: 'Green' },
  { value: 'purple', label: 'Purple' },
  { value: 'orange', label: 'Orange' },
] as const;

/** colorClasses gives the Tailwind classes of a theme colour; unknown colours are blue. */
export function colorClasses(color: string): { bg: string; text: string; border: string } {
  switch (color) {
    case 'green':
      return { bg: 'bg-green-100', text: 'text-green-800', border: 'border-green-600' };
    case 'purple':
      return { bg: 'bg-purple-100', text: 'text-purple-800', border: 'border-purple-600' };
    case 'orange':
      return { bg: 'bg-orange-100', text: 'text-orange-800', border: 'border-orange-600' };
    case 'teal':
      return { bg: 'bg-teal-100', text: 'text-teal-800', border: 'border-teal-600' };
    case 'yellow':
      return { bg: 'bg-yellow-100', text: 'text-yellow-800', border: 'border-yellow-600' };
    default:
      return { bg: 'bg-blue-100', text: 'text-blue-800', border: 'border-blue-600' };
  }
}

/** plural returns "1 question" or "3 questions". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
