import type { ReactNode } from 'react';

/** SectionHeading opens a screen's section: its h2, an optional line under it, and an action on the right. */
export function SectionHeading({ title, children, action, id }: { title: string; children?: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
      {action}
    </div>
  );
}
