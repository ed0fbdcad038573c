import { Download, Eye, ExternalLink, File, FileText, Image, Plus, Search, Video, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { RecordActionsMenu } from '@/components/RecordActionsMenu';
import { Badge } from '@/components/ui/badge';
import { CardGridSkeleton } from '@/components/CardGrid';
import { ListCardGrid } from '@/components/VirtualCardGrid';
import { CanEdit } from '@/components/CanEdit';
import { EmptyState } from '@/components/EmptyState';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { contentTypes, pieceFormat } from '@/lib/content';
import { formatShortDate } from '@/lib/dates';
import { useDebounced } from '@/lib/useDebounced';
import { useRecordParam } from '@/lib/useFocusParam';
import { useSearchParams } from 'react-router';
import type { Content } from '@/lib/types';
import { CONTENT_PAGE, useContentPage, useDeleteContent, usePiece } from '@/hooks/content';
import { useReference } from '@/hooks/reference';
import { downloadContent, openLink } from './download';

// The form (react-hook-form, zod) and the preview (marked) load when first opened, not with the screen.
const ContentDialog = lazy(() => import('./ContentDialog'));
const PreviewDialog = lazy(() => import('./PreviewDialog').then((m) => ({ default: m.PreviewDialog })));

/** CONTENT_ROW is the estimated height of a row of content cards, until the row is measured. */
const CONTENT_ROW = 230;

/** CONTENT_DELETE_CONFIRM is the spec's confirm prompt for deleting a content piece. */
export const CONTENT_DELETE_CONFIRM = 'Are you sure you want to delete this content? This will remove it from all associated questions.';

const typeStyle: Record<string, { icon: LucideIcon; banner: string }> = {
  text: { icon: FileText, banner: 'bg-blue-100 text-blue-800' },
  image: { icon: Image, banner: 'bg-green-100 text-green-800' },
  video: { icon: Video, banner: 'bg-purple-100 text-purple-800' },
  document: { icon: File, banner: 'bg-orange-100 text-orange-800' },
};

const typeFilterOptions = [{ value: 'all', label: 'All Types' }, ...contentTypes];

function EmptyIcon() {
  return (
    <div className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
      <FileText className="h-6 w-6 text-slate-600" aria-hidden="true" />
    </div>
  );
}

/** SEARCH_DELAY_MS is how long the search box must stay unchanged before the server is asked. */
const SEARCH_DELAY_MS = 200;

/**
 * ContentPage is the content library: search, type filter, cards, preview,
 * download and edit. The server searches, filters and pages:
 * the first CONTENT_PAGE pieces, "Show more" for the next.
 */
export default function ContentPage() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('all');
  const [limit, setLimit] = useState(CONTENT_PAGE);
  const query = useDebounced(search, SEARCH_DELAY_MS);
  const { data: content, isLoading } = useContentPage(query, type, limit);
  const filtered = query.trim() !== '' || type !== 'all';
  // An empty search tells "nothing found" from "nothing yet" by one row of the whole library.
  const { data: anyContent } = useContentPage('', 'all', 1);
  const remove = useDeleteContent();
  const [dialog, setDialog] = useState<{ open: boolean; content?: Content }>({ open: false });
  const [preview, setPreview] = useState<Content | null>(null);
  const { data: reference } = useReference();
  const formatOf = (c: Content) => pieceFormat(c, reference?.vehicleTypes);

  // The header search links here with ?preview=<id>, to a piece that may be on no page shown.
  const [params] = useSearchParams();
  const linked = usePiece(params.get('preview') ?? '');
  const linkedItems = useMemo(() => (linked.data ? [linked.data] : undefined), [linked.data]);
  useRecordParam('preview', linkedItems, setPreview);

  const shown = content ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-[16rem] flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-500" aria-hidden="true" />
          <Input type="search" aria-label="Search content library" placeholder="Search content..." value={search} onChange={(e) => {
              setSearch(e.target.value);
              setLimit(CONTENT_PAGE);
            }} className="pl-8" />
        </div>
        <div className="w-44">
          <Select aria-label="Filter by type" value={type} onValueChange={(v) => {
              setType(v);
              setLimit(CONTENT_PAGE);
            }} options={typeFilterOptions} />
        </div>
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Content
        </Button>
      </div>

      {isLoading ? (
        <CardGridSkeleton label="Loading content" count={6} />
      ) : shown.length === 0 ? (
        filtered && (anyContent ?? []).length > 0 ? (
          <EmptyState
            headingLevel="h2"
            icon={<EmptyIcon />}
            title="No content found"
            text="Try adjusting your search or filter to find what you are looking for."
          />
        ) : (
          <EmptyState
            headingLevel="h2"
            icon={<EmptyIcon />}
            title="No content yet"
            text="Create content pieces to build your communications."
            action={
              <CanEdit>
<Button onClick={() => setDialog({ open: true })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Content
              </Button>
</CanEdit>
            }
          />
        )
      ) : (
        <ListCardGrid label="Content pieces" items={shown} itemKey={(c) => c.id} rowHeight={CONTENT_ROW}>
          {(c) => {
            const style = typeStyle[c.type] ?? typeStyle.text;
            const Icon = style.icon;
            return (
              <Card className="flex h-full flex-col overflow-hidden" data-testid="content-card">
                <div className={cn('flex h-16 items-center justify-center', style.banner)}>
                  <Icon className="h-7 w-7" aria-hidden="true" />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <div className="mb-1 flex items-start justify-between gap-2">
                    <h2 className="font-semibold text-slate-900">{c.title}</h2>
                    <Badge variant="secondary" className="capitalize">
                      {c.type}
                    </Badge>
                  </div>
                  <p className="mb-3 line-clamp-3 text-sm text-slate-600">{c.description || 'No description provided'}</p>
                  <p className="mb-4 mt-auto text-xs text-slate-600">Created {formatShortDate(c.createdAt)}</p>
                  <div className="flex items-center gap-2">
                    <Button variant="outline" size="sm" onClick={() => setPreview(c)}>
                      <Eye className="h-4 w-4" aria-hidden="true" />
                      Preview
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => downloadContent(c, formatOf(c))}>
                      <Download className="h-4 w-4" aria-hidden="true" />
                      Download
                    </Button>
                    <RecordActionsMenu
                      name={c.title}
                      triggerClassName="ml-auto"
                      onEdit={() => setDialog({ open: true, content: c })}
                      onDelete={() => {
                        if (window.confirm(CONTENT_DELETE_CONFIRM)) remove.mutate(c.id);
                      }}
                      leading={
                        <>
                          <DropdownMenuItem onSelect={() => setPreview(c)}>
                            <Eye className="h-4 w-4" aria-hidden="true" />
                            Preview
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => downloadContent(c, formatOf(c))}>
                            <Download className="h-4 w-4" aria-hidden="true" />
                            Download
                          </DropdownMenuItem>
                        </>
                      }
                      trailing={
                        c.url && (
                          <DropdownMenuItem onSelect={() => openLink(c.url)}>
                            <ExternalLink className="h-4 w-4" aria-hidden="true" />
                            Open Link
                          </DropdownMenuItem>
                        )
                      }
                    />
                  </div>
                </div>
              </Card>
            );
          }}
        </ListCardGrid>
      )}
      {shown.length >= limit && (
        <Button variant="outline" className="justify-self-center" onClick={() => setLimit((n) => n + CONTENT_PAGE)}>
          Show more
        </Button>
      )}

      <Suspense fallback={null}>
        {dialog.open && <ContentDialog open content={dialog.content} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
        {preview && <PreviewDialog content={preview} format={formatOf(preview)} onOpenChange={(open) => !open && setPreview(null)} />}
      </Suspense>
    </div>
  );
}
