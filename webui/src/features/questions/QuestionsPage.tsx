import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FileText, GripVertical, HelpCircle, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ThemeIcon } from '@/components/ThemeIcon';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/hooks/session';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useWindowRows } from '@/components/useWindowRows';
import { CARD_GAP } from '@/lib/cardRows';
import { cn } from '@/lib/cn';
import {
  cardHeight,
  groupByTheme,
  QUESTION_ROW,
  QUESTIONS_PAGE,
  questionTotal,
  reorderWithinTheme,
  sortQuestions,
  themesWithQuestions,
} from '@/lib/questions';
import { colorClasses, plural } from '@/lib/themeOptions';
import type { Question, Theme } from '@/lib/types';
import { useDebounced } from '@/lib/useDebounced';
import { useFocusParam } from '@/lib/useFocusParam';
import { useThemes } from '@/hooks/themes';
import { useAllQuestions, useDeleteQuestion, useQuestion, useQuestionSearch, useReorderQuestions, useThemeQuestions } from '@/hooks/questions';

// The form (react-hook-form, zod) loads when first opened, not with the screen.
const QuestionDialog = lazy(() => import('./QuestionDialog'));

/** QUESTION_DELETE_CONFIRM is the spec's confirm prompt for deleting a question. */
export const QUESTION_DELETE_CONFIRM = 'Are you sure you want to delete this question? This will also remove all associated content.';

/** SEARCH_DELAY_MS is how long the search box must stay unchanged before the server is asked. */
const SEARCH_DELAY_MS = 200;

function SortableQuestion({
  question,
  position,
  reorderable,
  focused,
  onEdit,
  onDelete,
}: {
  question: Question;
  position?: number;
  reorderable: boolean;
  focused: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // A role that may not change the plan neither reorders nor edits: no grip, no buttons.
  const canEdit = useCan('plan.edit');
  const grip = canEdit && reorderable;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id, disabled: !grip });
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
      {grip && (
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
      {position !== undefined && (
        <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700" data-testid="question-order">
          {position}
        </span>
      )}
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

/** ThemeHeader is a theme card's header: icon, name and a count. */
function ThemeHeader({ theme, titleId, count }: { theme?: Theme; titleId: string; count: string }) {
  const c = colorClasses(theme?.color ?? 'blue');
  return (
    <CardHeader className="flex-row items-center justify-between gap-2">
      <div className="flex items-center gap-2">
        <div className={cn('flex h-8 w-8 items-center justify-center rounded-full', c.bg, c.text)}>
          <ThemeIcon icon={theme?.icon ?? 'fa-tag'} className="h-4 w-4" />
        </div>
        <CardTitle id={titleId}>{theme?.name ?? 'Unknown theme'}</CardTitle>
      </div>
      <Badge variant="secondary">{count}</Badge>
    </CardHeader>
  );
}

/**
 * ThemeQuestions is one theme's card. With reorderable, questions holds all
 * of the theme's, which a drag renumbers; a search's card holds only what
 * matched, in the theme's order, without positions or dragging.
 */
function ThemeQuestions({
  theme,
  themeId,
  questions,
  reorderable = true,
  count,
  focusId,
  onEdit,
}: {
  theme?: Theme;
  themeId: string;
  questions: Question[];
  reorderable?: boolean;
  count?: string;
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
    const next = reorderWithinTheme(questions, String(e.active.id), String(e.over.id));
    if (next) reorder.mutate(next);
  }

  const titleId = `theme-questions-${themeId}`;
  return (
    <Card data-testid="theme-questions">
      <ThemeHeader theme={theme} titleId={titleId} count={count ?? plural(questions.length, 'question')} />
      <CardContent>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
            <ol className="grid gap-2" aria-labelledby={titleId}>
              {questions.map((q, i) => (
                <SortableQuestion
                  key={q.id}
                  question={q}
                  position={reorderable ? i + 1 : undefined}
                  reorderable={reorderable}
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

/** RowSkeletons are count placeholder rows of a question's height. */
function RowSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-md border border-slate-200 p-3" style={{ height: QUESTION_ROW }}>
          <Skeleton className="h-6 w-6 rounded-full" />
          <div className="flex-1">
            <Skeleton className="mb-2 h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </>
  );
}

/**
 * LazyThemeCard reads its theme's questions when it is drawn (it scrolled
 * into view); until then it shows as many placeholder rows as the theme
 * counts, so the card keeps its size when they arrive.
 */
function LazyThemeCard({ theme, focusId, onEdit }: { theme: Theme; focusId: string | null; onEdit: (q: Question) => void }) {
  const { data } = useThemeQuestions(theme.id);
  const questions = useMemo(() => (data ? sortQuestions(data) : undefined), [data]);
  if (!questions) {
    const titleId = `theme-questions-${theme.id}`;
    return (
      <Card data-testid="theme-questions" role="status" aria-labelledby={titleId} aria-busy="true">
        <ThemeHeader theme={theme} titleId={titleId} count={plural(theme.questionCount, 'question')} />
        <CardContent className="grid gap-2">
          <RowSkeletons count={theme.questionCount} />
        </CardContent>
      </Card>
    );
  }
  return <ThemeQuestions theme={theme} themeId={theme.id} questions={questions} focusId={focusId} onEdit={onEdit} />;
}

/** FOCUS_WAIT_MS is how long a ?focus= link waits for its question's card to read its questions. */
const FOCUS_WAIT_MS = 10_000;

/**
 * VirtualThemeCards draws only the theme cards in and near the view
 * (useWindowRows, over the window's scroll), each reading its own
 * questions, so the screen costs what it shows with 20 themes or 2,000.
 * A ?focus= link scrolls to its question's theme first.
 */
function VirtualThemeCards({ cards, focusId, onEdit }: { cards: Theme[]; focusId: string | null; onEdit: (q: Question) => void }) {
  const { list, virtual, margin } = useWindowRows({
    count: cards.length,
    estimateSize: (i) => cardHeight(cards[i].questionCount),
    getItemKey: (i) => cards[i].id,
    gap: CARD_GAP,
  });
  const focused = useQuestion(focusId ?? '');
  const focusTheme = focused.data?.themeId;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const i = focusTheme ? cards.findIndex((t) => t.id === focusTheme) : -1;
    if (!focusId || i < 0 || shown.current === focusId) return;
    // To the theme's card, then, once the card has read its questions, to the row.
    virtual.scrollToIndex(i, { align: 'start' });
    const until = performance.now() + FOCUS_WAIT_MS;
    let frame = 0;
    const look = () => {
      const row = document.querySelector(`[data-focus-id="${window.CSS.escape(focusId)}"]`);
      if (row) {
        shown.current = focusId;
        row.scrollIntoView({ block: 'center' });
      } else if (performance.now() < until) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [focusId, focusTheme, cards, virtual]);
  return (
    <div ref={list} className="relative w-full" style={{ height: virtual.getTotalSize() }} data-testid="question-cards">
      {virtual.getVirtualItems().map((v) => (
        <div
          key={v.key}
          data-index={v.index}
          ref={virtual.measureElement}
          className="absolute left-0 top-0 w-full"
          style={{ transform: `translateY(${v.start - margin}px)` }}
        >
          <LazyThemeCard theme={cards[v.index]} focusId={focusId} onEdit={onEdit} />
        </div>
      ))}
    </div>
  );
}

function EmptyIcon() {
  return (
    <div className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
      <HelpCircle className="h-6 w-6 text-slate-600" aria-hidden="true" />
    </div>
  );
}

/**
 * SearchResults is a search of every question by the server, a page at a
 * time (Show more for the next), grouped in theme cards; a card holds only
 * what matched, so it is not reordered here.
 */
function SearchResults({ q, themeId, themes, onEdit }: { q: string; themeId: string; themes: Theme[]; onEdit: (q: Question) => void }) {
  const [limit, setLimit] = useState(QUESTIONS_PAGE);
  const { data, isLoading } = useQuestionSearch(q, themeId, limit);
  const groups = useMemo(() => groupByTheme(data?.rows ?? [], themes.map((t) => t.id)), [data, themes]);
  if (isLoading || !data) {
    return (
      <Card className="grid gap-2 p-5" role="status" aria-label="Searching questions">
        <RowSkeletons count={3} />
      </Card>
    );
  }
  if (data.total === 0) {
    return <EmptyState icon={<EmptyIcon />} title="No questions found" text="Try adjusting your search or theme filter to find what you are looking for." />;
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600" role="status" data-testid="question-matches">
        {data.total === 1 ? '1 question matches' : `${data.total} questions match`}
      </p>
      {groups.map((g) => {
        const theme = themes.find((t) => t.id === g.themeId);
        return (
          <ThemeQuestions
            key={g.themeId}
            themeId={g.themeId}
            theme={theme}
            questions={g.questions}
            reorderable={false}
            count={`${g.questions.length} of ${plural(theme?.questionCount ?? g.questions.length, 'question')}`}
            focusId={null}
            onEdit={onEdit}
          />
        );
      })}
      {data.rows.length < data.total && (
        <Button variant="outline" className="justify-self-center" onClick={() => setLimit((n) => n + QUESTIONS_PAGE)}>
          Show more
        </Button>
      )}
    </div>
  );
}

/** LoadingRows is the spec's loading state: five placeholder rows. */
function LoadingRows() {
  return (
    <Card className="grid gap-2 p-5" role="status" aria-label="Loading questions">
      <RowSkeletons count={5} />
    </Card>
  );
}

/**
 * QuestionsPage lists questions in one card per theme, drag to reorder
 * within a theme, with a search and a theme filter. Up to QUESTIONS_PAGE
 * questions it reads the whole list and draws every card; past that
 * it draws only the cards in view, each reading its theme's
 * questions. A search always goes to the server (GET /api/questions?q=).
 */
export default function QuestionsPage() {
  const { data: themes } = useThemes();
  // A viewer reorders nothing, so is not told to drag.
  const canEdit = useCan('plan.edit');
  const [search, setSearch] = useState('');
  const [themeId, setThemeId] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [dialog, setDialog] = useState<{ open: boolean; question?: Question }>({ open: false });
  const large = !!themes && questionTotal(themes) > QUESTIONS_PAGE;
  const { data: questions } = useAllQuestions(!!themes && !large);
  const focusId = useFocusParam(!large && !!questions && !!themes);
  // A ?focus= link names a question: the filters are dropped so it can be shown.
  const [params] = useSearchParams();
  const linked = params.get('focus');
  useEffect(() => {
    if (!linked) return;
    setSearch('');
    setThemeId('');
  }, [linked]);

  const cards = useMemo(() => themesWithQuestions(themes ?? [], themeId), [themes, themeId]);
  const groups = useMemo(() => {
    const ids = cards.map((t) => t.id);
    return groupByTheme(questions ?? [], ids).filter((g) => ids.includes(g.themeId));
  }, [questions, cards]);
  const themeOptions = useMemo(
    () => [{ value: 'all', label: 'All Themes' }, ...themesWithQuestions(themes ?? []).map((t) => ({ value: t.id, label: t.name }))],
    [themes],
  );
  const onEdit = (question: Question) => setDialog({ open: true, question });
  const none = !!themes && questionTotal(themes) === 0;

  let body;
  if (!themes) body = <LoadingRows />;
  else if (none)
    body = (
      <EmptyState
        icon={<EmptyIcon />}
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
    );
  else if (query !== '') body = <SearchResults key={`${query}\u0000${themeId}`} q={query} themeId={themeId} themes={themes} onEdit={onEdit} />;
  else if (large) body = <VirtualThemeCards cards={cards} focusId={focusId} onEdit={onEdit} />;
  else if (!questions) body = <LoadingRows />;
  else
    body = (
      <div className="grid gap-4">
        {groups.map((g) => (
          <ThemeQuestions
            key={g.themeId}
            themeId={g.themeId}
            theme={themes.find((t) => t.id === g.themeId)}
            questions={g.questions}
            focusId={focusId}
            onEdit={onEdit}
          />
        ))}
      </div>
    );

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
        <p className="text-sm text-slate-600">Questions are organized by theme.{canEdit && ' Drag questions to reorder them within a theme.'}</p>
      </SectionHeading>

      {!none && (
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative min-w-[16rem] flex-1">
            <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-500" aria-hidden="true" />
            <Input type="search" aria-label="Search questions" placeholder="Search questions..." value={search} onChange={(e) => setSearch(e.target.value)} className="pl-8" />
          </div>
          <div className="w-56">
            <Select aria-label="Filter by theme" value={themeId === '' ? 'all' : themeId} onValueChange={(v) => setThemeId(v === 'all' ? '' : v)} options={themeOptions} />
          </div>
        </div>
      )}

      {body}

      {dialog.open && (
        <Suspense fallback={null}>
          <QuestionDialog open question={dialog.question} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
        </Suspense>
      )}
    </div>
  );
}
