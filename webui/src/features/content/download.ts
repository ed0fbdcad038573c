import { downloadAction } from '@/lib/content';
import { toast, toastError } from '@/lib/toast';
import type { Content } from '@/lib/types';

/** downloadContent saves a piece as an HTML file, opens its url, or reports there is nothing to download. */
export function downloadContent(c: Content): void {
  const action = downloadAction(c);
  switch (action.kind) {
    case 'file': {
      const blob = new Blob([action.html], { type: 'text/html;charset=utf-8' });
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = action.fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // Give the browser a moment to start the download before releasing the blob.
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      toast({ title: 'Content downloaded successfully' });
      return;
    }
    case 'url':
      openLink(action.url);
      return;
    case 'none':
      toastError('No content available for download');
  }
}

/** openLink opens an external url in a new tab without giving it access to this window. */
export function openLink(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
