import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FileText, GripVertical, HelpCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ThemeIcon } from '@/components/ThemeIcon';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/hooks/session';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { groupByTheme, reorderWithinTheme } from '@/lib/questions';
import { colorClasses, plural } from '@/lib/themeOptions';
import type { Question, Theme } from '@/lib/types';
import { useFocusParam } from '@/lib/useFocusParam';
import { useThemes } from '@/hooks/themes';
import { useDeleteQuestion, useQuestions, useReorderQuestions } from '@/hooks/questions';
import QuestionDialog from './QuestionDialog';

/** QUESTION_DELETE_CONFIRM is the spec's confirm prompt for deleting a question. */
export const QUESTION_DELETE_CONFIRM = 'Are you sure you want to delete this question? This will also remove all associated content.';

function SortableQuestion({
  question,
  position,
  focused,
  onEdit,
  onDelete,
}: {
  question: Question;
  position: number;
  focused: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // A role that may not change the plan neither reorders nor edits: no grip, no buttons.
  const canEdit = useCan('plan.edit');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id, disabled: !canEdit });
  return (
    <li
      ref={setNodeRef}
      // Translate only: Transform would also scale the row to the height of the one it passes over.
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-focus-id={question.id}
      data-testid="question-row"
      className={cn(
        'flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3',
        isDragging && 'relative z-10 shadow-lg',
        focused && 'ring-2 ring-blue-600',
      )}
    >
      {canEdit && (
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="mt-0.5 cursor-grab touch-none rounded text-slate-500 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          aria-label={`Drag to reorder: ${question.question}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="h-5 w-5" aria-hidden="true" />
        </button>
      )}
      <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700" data-testid="question-order">
        {position}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900" data-testid="question-text">
          {question.question}
        </p>
        {question.description && <p className="mt-0.5 text-sm text-slate-600">{question.description}</p>}
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
          <FileText className="h-3.5 w-3.5" aria-hidden="true" />
          {plural(question.contentCount ?? 0, 'content piece')}
        </p>
      </div>
      {canEdit && (
        <div className="flex shrink-0 gap-1">
          <IconButton label="Edit question" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </IconButton>
          <IconButton label="Delete question" onClick={onDelete} className="text-red-700 hover:text-red-800">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        </div>
      )}
    </li>
  );
}

function ThemeQuestions({
  theme,
  themeId,
  questions,
  all,
  focusId,
  onEdit,
}: {
  theme?: Theme;
  themeId: string;
  questions: Question[];
  all: Question[];
  focusId: string | null;
  onEdit: (q: Question) => void;
}) {
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // One DndContext per theme card: a question cannot be dropped into another theme.
  function onDragEnd(e: DragEndEvent) {
    if (!e.over) return;
    const next = reorderWithinTheme(all, String(e.active.id), String(e.over.id));
    if (next) reorder.mutate(next);
  }

  const c = colorClasses(theme?.color ?? 'blue');
  const titleId = `theme-questions-${themeId}`;
  return (
    <Card data-testid="theme-questions">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <div className={cn('flex h-8 w-8 items-center justify-center rounded-full', c.bg, c.text)}>
            <ThemeIcon icon={theme?.icon ?? 'fa-tag'} className="h-4 w-4" />
          </div>
          <CardTitle id={titleId}>{theme?.name ?? 'Unknown theme'}</CardTitle>
        </div>
        <Badge variant="secondary">{plural(questions.length, 'question')}</Badge>
      </CardHeader>
      <CardContent>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
            <ol className="grid gap-2" aria-labelledby={titleId}>
              {questions.map((q, i) => (
                <SortableQuestion
                  key={q.id}
                  question={q}
                  position={i + 1}
                  focused={focusId === q.id}
                  onEdit={() => onEdit(q)}
                  onDelete={() => {
                    if (window.confirm(QUESTION_DELETE_CONFIRM)) remove.mutate(q.id);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      </CardContent>
    </Card>
  );
}

/** QuestionsPage lists questions in one card per theme, drag to reorder within a theme. */
export default function QuestionsPage() {
  const { data: questions, isLoading } = useQuestions();
  const { data: themes } = useThemes();
  const [dialog, setDialog] = useState<{ open: boolean; question?: Question }>({ open: false });
  const focusId = useFocusParam(!!questions && !!themes);

  const groups = groupByTheme(questions ?? [], (themes ?? []).map((t) => t.id));

  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Questions Library"
        action={
          <CanEdit>
<Button onClick={() => setDialog({ open: true })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Question
          </Button>
</CanEdit>
        }
      >
        <p className="text-sm text-slate-600">Questions are organized by theme. Drag questions to reorder them within a theme.</p>
      </SectionHeading>

      {isLoading ? (
        <Card className="grid gap-2 p-5" role="status" aria-label="Loading questions">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="flex items-center gap-3 rounded-md border border-slate-200 p-3">
              <Skeleton className="h-6 w-6 rounded-full" />
              <div className="flex-1">
                <Skeleton className="mb-2 h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </Card>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={
            <div className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
              <HelpCircle className="h-6 w-6 text-slate-600" aria-hidden="true" />
            </div>
          }
          title="No questions yet"
          text="Questions guide the content you create for each theme."
          action={
            <CanEdit>
              <Button onClick={() => setDialog({ open: true })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create First Question
              </Button>
            </CanEdit>
          }
        />
      ) : (
        <div className="grid gap-4">
          {groups.map((g) => (
            <ThemeQuestions
              key={g.themeId}
              themeId={g.themeId}
              theme={themes?.find((t) => t.id === g.themeId)}
              questions={g.questions}
              all={questions ?? []}
              focusId={focusId}
              onEdit={(question) => setDialog({ open: true, question })}
            />
          ))}
        </div>
      )}

      <QuestionDialog open={dialog.open} question={dialog.question} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
    </div>
  );
}
