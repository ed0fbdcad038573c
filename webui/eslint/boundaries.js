// boundaries is the ESLint rule that keeps the UI's folder rules
// (docs/ui.md, "Folder rules"): a feature folder imports only lib/, hooks/,
// components/ and its own files; hooks/ only lib/ and hooks/; components/
// no feature and not the frame; lib/ only lib/. It reads static imports,
// re-exports and dynamic import() alike, by alias (@/) or relative path.
import path from 'node:path';

/** allowed says whether a file in folder `from` may import folder `to` ('features/x' names one feature). */
export function allowed(from, to) {
  const [fromTop] = from.split('/');
  const [toTop] = to.split('/');
  switch (fromTop) {
    case 'lib':
      return toTop === 'lib';
    case 'hooks':
      return toTop === 'lib' || toTop === 'hooks';
    case 'components':
      return toTop === 'lib' || toTop === 'hooks' || toTop === 'components';
    case 'features':
      return toTop === 'lib' || toTop === 'hooks' || toTop === 'components' || to === from;
    default:
      return true; // app/, App.tsx, main.tsx: the composition root
  }
}

/** area names the folder of a path relative to src: 'features/<name>' for a feature, else its top folder ('' at the root). */
export function area(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return '';
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : 'features';
  return parts[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'a UI folder imports only the folders docs/ui.md allows it' },
    schema: [{ type: 'object', properties: { src: { type: 'string' } }, required: ['src'], additionalProperties: false }],
    messages: {
      crossing: "'{{from}}' may not import '{{to}}' (docs/ui.md, Folder rules): move what both need to components/, hooks/ or lib/.",
    },
  },
  create(context) {
    const src = context.options[0].src;
    const file = path.relative(src, context.filename).split(path.sep).join('/');
    if (file.startsWith('..')) return {};
    const from = area(file);
    const check = (node) => {
      const spec = node?.source?.value;
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('@/')) target = spec.slice(2);
      else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      else return; // a package
      const to = area(target);
      if (!allowed(from, to)) context.report({ node: node.source, messageId: 'crossing', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** plugin is the local plugin that carries the rule ("local/boundaries"). */
export default { rules: { boundaries: rule } };
