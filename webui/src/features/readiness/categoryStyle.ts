/** CATEGORY_STYLE: category 1 red, 2 yellow, 3 blue (spec 02 §2.9). */
export const CATEGORY_STYLE: Record<number, { card: string; bar: string; fill: string; badge: string }> = {
  1: { card: 'border-red-300 bg-red-50', bar: 'bg-red-600', fill: '#dc2626', badge: 'bg-red-100 text-red-800' },
  2: { card: 'border-yellow-300 bg-yellow-50', bar: 'bg-yellow-500', fill: '#ca8a04', badge: 'bg-yellow-100 text-yellow-900' },
  3: { card: 'border-blue-300 bg-blue-50', bar: 'bg-blue-600', fill: '#2563eb', badge: 'bg-blue-100 text-blue-800' },
};
