import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * useFocusParam reads ?focus=<id> (set by the header search), scrolls the
 * element with data-focus-id=<id> into view once it exists, and returns the id
 * so the screen can highlight it.
 */
export function useFocusParam(ready: boolean): string | null {
  const [params] = useSearchParams();
  const id = params.get('focus');
  useEffect(() => {
    if (!id || !ready) return;
    const el = document.querySelector(`[data-focus-id="${CSS.escape(id)}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [id, ready]);
  return id;
}
