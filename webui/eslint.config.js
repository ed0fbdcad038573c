// ESLint over src/, e2e/ and the build scripts (npm run lint, run by make test).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Screens and shared components read and change server data only through
// the resource hooks in src/hooks (docs/ui.md, "Folder rules").
const serverAccess = {
  paths: [
    {
      name: '@tanstack/react-query',
      importNames: ['useQuery', 'useQueries', 'useMutation', 'useInfiniteQuery', 'useSuspenseQuery'],
      message: 'Read and change server data through a resource hook in src/hooks.',
    },
    {
      name: '@/lib/api',
      importNames: ['apiRequest', 'apiText', 'fetchQuery'],
      message: 'Call the server through a resource hook in src/hooks.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, local: boundaries },
    rules: {
      // The two rules of hooks; the plugin's React Compiler rules are left
      // off, as the app is not compiled by it (docs/ui.md).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'local/boundaries': ['error', { src }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/*.tsx'],
    rules: { 'no-restricted-imports': ['error', serverAccess] },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint/**/*.{js,mjs}', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The browser tests run in Node; the callbacks they pass to page.evaluate run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
