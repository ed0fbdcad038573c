// Runs with `node --test eslint/` (npm run lint): the folder rule must both
// pass the allowed imports and report every kind of crossing.
import { RuleTester } from 'eslint';
import { test } from 'node:test';
import { rule } from './boundaries.js';

const src = '/repo/webui/src';
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (f, code) => ({ filename: `${src}/${f}`, code, options: [{ src }] });
const bad = (f, code) => ({ ...at(f, code), errors: [{ messageId: 'crossing' }] });

test('boundaries', () => {
  tester.run('boundaries', rule, {
    valid: [
      at('features/schedule/SchedulePage.tsx', "import { x } from './ScheduleList';"),
      at('features/schedule/SchedulePage.tsx', "import { x } from '@/features/schedule/ScheduleList';"),
      at('features/schedule/SchedulePage.tsx', "import { x } from '@/hooks/schedule'; import { y } from '@/components/ui/button'; import { z } from '../../lib/dates';"),
      at('features/schedule/SchedulePage.tsx', "const D = import('@/components/communications/CommunicationDialog');"),
      at('components/communications/FormWarnings.tsx', "import { x } from '@/hooks/schedule'; import { y } from './WarningList';"),
      at('hooks/schedule.ts', "import { x } from '@/lib/planning'; import { useQuery } from '@tanstack/react-query';"),
      at('app/AppShell.tsx', "const P = import('@/features/dashboard/DashboardPage');"),
      at('App.tsx', "import { AppShell } from '@/app/AppShell';"),
    ],
    invalid: [
      bad('features/schedule/SchedulePage.tsx', "import { x } from '@/features/dashboard/DashboardPage';"),
      bad('features/schedule/SchedulePage.tsx', "import { x } from '../themes/ThemeDialog';"),
      bad('features/campaigns/InventoryPage.tsx', "const D = import('@/features/schedule/SchedulePage');"),
      bad('features/themes/index.ts', "export { x } from '@/features/questions/QuestionDialog';"),
      bad('features/themes/index.ts', "export * from '@/features/questions/QuestionDialog';"),
      bad('features/dashboard/DashboardPage.tsx', "import { x } from '@/app/CreateDialogs';"),
      bad('components/calendar/CommunicationCalendar.tsx', "import { x } from '@/features/schedule/ScheduleList';"),
      bad('components/FormDialog.tsx', "import { x } from '@/app/Header';"),
      bad('hooks/schedule.ts', "import { x } from '@/components/ui/button';"),
      bad('lib/planning.ts', "import { x } from '@/hooks/schedule';"),
    ],
  });
});
