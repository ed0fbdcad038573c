import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { activityAge } from '@/lib/activity';
import { canChange } from '@/lib/inbox';
import { activeMention, insertMention, matchingPeople, mentionParts, type ActiveMention } from '@/lib/mentions';
import { useAddComment, useComments, useDeleteComment, useEditComment, useMentionable, type Comment, type ThreadKind } from '@/hooks/comments';
import { useCan, useSession } from '@/hooks/session';

/** REMOVED_TEXT is what a comment an admin removed says (domain.CommentRemovedText). */
const REMOVED_TEXT = 'Removed by an admin';

/** problem is what the server said was wrong, else a generic line. */
function problem(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.body?.error ?? e.message;
  return fallback;
}

/**
 * CommentThread is the discussion of a communication or a saved campaign:
 * the comments oldest first, a reply to any of them, and the author's Edit
 * and Delete for 15 minutes. A comment is plain text: it is rendered as a
 * text node (line breaks kept), never as markup. It holds no <form>, so it
 * can sit inside the Communication form; its buttons never submit it.
 */
export function CommentThread({ kind, id, headingLevel = 'h3' }: { kind: ThreadKind; id: string; headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const { data, isLoading, isError } = useComments(kind, id);
  const session = useSession().data;
  const canWrite = useCan('plan.edit');
  const add = useAddComment(kind, id);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [error, setError] = useState('');
  const uid = useId();
  const Heading = headingLevel;
  const comments = data ?? [];
  const byId = new Map(comments.map((c) => [c.id, c]));

  function post() {
    setError('');
    add.mutate(
      { text, replyTo: replyTo?.id },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
        onError: (e) => setError(problem(e, 'The comment was not saved')),
      },
    );
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-3 border-t border-slate-200 pt-4" data-testid="comment-thread">
      <Heading id={`${uid}-heading`} className="text-base font-semibold text-slate-900">
        Comments
      </Heading>
      {isLoading ? (
        <Skeleton className="h-12" />
      ) : isError ? (
        <p className="text-sm text-red-700">Failed to load comments</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-slate-600">No comments yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Comments">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              kind={kind}
              recordId={id}
              comment={c}
              parent={c.replyTo ? byId.get(c.replyTo) : undefined}
              mine={!!session?.id && session.id === c.authorId}
              canWrite={canWrite}
              onReply={() => setReplyTo(c)}
            />
          ))}
        </ol>
      )}
      {canWrite && (
        <div className="grid gap-2">
          {replyTo && (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              Replying to {replyTo.authorName}
              <Button size="sm" variant="ghost" onClick={() => setReplyTo(null)}>
                Cancel reply
              </Button>
            </p>
          )}
          <label htmlFor={`${uid}-new`} className="text-sm font-medium text-slate-800">
            Add a comment
          </label>
          <MentionBox
            id={`${uid}-new`}
            value={text}
            onChange={setText}
            describedBy={`${uid}-hint${error ? ` ${uid}-error` : ''}`}
            invalid={!!error}
          />
          <p id={`${uid}-hint`} className="text-xs text-slate-600">
            Type @ to mention someone by name; they see it in My reviews.
          </p>
          {error && (
            <p id={`${uid}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div>
            <Button size="sm" onClick={post} disabled={add.isPending || text.trim() === ''}>
              {add.isPending ? 'Posting…' : 'Post comment'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function CommentItem({
  kind,
  recordId,
  comment: c,
  parent,
  mine,
  canWrite,
  onReply,
}: {
  kind: ThreadKind;
  recordId: string;
  comment: Comment;
  parent?: Comment;
  mine: boolean;
  canWrite: boolean;
  onReply: () => void;
}) {
  const edit = useEditComment(kind, recordId);
  const remove = useDeleteComment(kind, recordId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(c.text);
  const [error, setError] = useState('');
  const uid = useId();
  const changeable = mine && canWrite && canChange(c.createdAt, new Date());
  // An admin removes anyone's comment: it stays as "Removed by an admin".
  const isAdmin = useCan('people.manage');
  const removable = !changeable && isAdmin && c.text !== REMOVED_TEXT;

  function save() {
    setError('');
    edit.mutate(
      { id: c.id, text: draft },
      { onSuccess: () => setEditing(false), onError: (e) => setError(problem(e, 'The comment was not saved')) },
    );
  }

  return (
    <li className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="comment">
      <p className="text-xs text-slate-600">
        <span className="font-medium text-slate-900">{c.authorName}</span> · {activityAge(c.createdAt)}
        {c.editedAt && ' · edited'}
        {parent && <> · in reply to {parent.authorName}</>}
      </p>
      {editing ? (
        <div className="mt-2 grid gap-2">
          <label htmlFor={`${uid}-edit`} className="sr-only">
            Edit comment
          </label>
          <Textarea id={`${uid}-edit`} rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={edit.isPending}>
              Save comment
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="comment-text">
          <CommentText comment={c} />
        </p>
      )}
      {!editing && (
        <div className="mt-2 flex flex-wrap gap-2">
          {canWrite && (
            <Button size="sm" variant="ghost" onClick={onReply} aria-label={`Reply to ${c.authorName}`}>
              Reply
            </Button>
          )}
          {removable && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              aria-label={`Remove ${c.authorName}'s comment`}
              onClick={() => remove.mutate(c.id, { onError: (e) => setError(problem(e, 'The comment was not removed')) })}
            >
              Remove
            </Button>
          )}
          {changeable && (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft(c.text);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                onClick={() => remove.mutate(c.id, { onError: (e) => setError(problem(e, 'The comment was not deleted')) })}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      )}
      {!editing && error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** CommentText is a comment's text with each of its mentions as a chip naming the person (text nodes only, never markup). */
function CommentText({ comment: c }: { comment: Comment }) {
  const { data: people } = useMentionable();
  const parts = useMemo(() => {
    const names = (c.mentions ?? []).map((id) => people?.find((p) => p.id === id)?.name).filter((n): n is string => !!n);
    return names.length === 0 ? [{ text: c.text }] : mentionParts(c.text, names);
  }, [c.text, c.mentions, people]);
  return (
    <>
      {parts.map((p, i) =>
        'mention' in p ? (
          <span key={i} className="inline-flex items-center rounded bg-blue-100 px-1 font-medium text-blue-900" data-testid="mention-chip" title={p.text}>
            @{p.mention}
          </span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/**
 * MentionBox is the comment box with its @-picker: typing @ opens a list of
 * the people whose name starts with what follows; arrows move, Enter or
 * Tab choose (it writes @"Full Name"), Escape closes it. The list is a
 * listbox the textarea points at with aria-activedescendant.
 */
function MentionBox({ id, value, onChange, describedBy, invalid }: { id: string; value: string; onChange: (v: string) => void; describedBy: string; invalid: boolean }) {
  const { data: people } = useMentionable();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [active, setActive] = useState<ActiveMention | null>(null);
  const [index, setIndex] = useState(0);
  const [caret, setCaret] = useState(0);
  const choices = useMemo(() => (active ? matchingPeople(people ?? [], active.query) : []), [active, people]);
  const open = active !== null && choices.length > 0;
  const listId = `${id}-people`;

  function follow(text: string, at: number) {
    const m = activeMention(text, at);
    setCaret(at);
    setActive(m);
    if (m?.query !== active?.query) setIndex(0);
  }

  function choose(name: string) {
    if (!active) return;
    const next = insertMention(value, active, caret, name);
    onChange(next.text);
    setActive(null);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => (i + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(choices[Math.min(index, choices.length - 1)].name);
    }
  }

  // Escape closes the list, not the dialog around the thread: the dialog
  // listens on the document in the capture phase, so this listens before it.
  useEffect(() => {
    if (!open) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== ref.current) return;
      e.stopPropagation();
      setActive(null);
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [open]);

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        id={id}
        rows={3}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onClick={(e) => follow(e.currentTarget.value, e.currentTarget.selectionStart ?? 0)}
        onBlur={() => setActive(null)}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${Math.min(index, choices.length - 1)}` : undefined}
        aria-autocomplete="list"
      />
      {open && (
        <ul id={listId} role="listbox" aria-label="People to mention" className="absolute left-0 z-10 mt-1 max-h-60 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg" data-testid="mention-picker">
          {choices.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === Math.min(index, choices.length - 1)}
              className={cn('cursor-pointer px-3 py-1.5 text-sm text-slate-900', i === Math.min(index, choices.length - 1) && 'bg-blue-100')}
              // Mouse down, not click: the textarea keeps its focus (and its caret).
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p.name);
              }}
            >
              {p.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
