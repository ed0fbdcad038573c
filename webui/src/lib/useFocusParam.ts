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

/**
 * useRecordParam opens a record named by a search parameter (?preview=<id>,
 * ?focus=<id>) once the list holding it has loaded, then drops the parameter
 * so a reload or a back step does not open it again. open must be stable.
 */
export function useRecordParam<T extends { id: string }>(name: string, items: T[] | undefined, open: (item: T) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(name);
  useEffect(() => {
    if (!id || !items) return;
    const found = items.find((x) => x.id === id);
    if (found) open(found);
    setParams(
      (p) => {
        p.delete(name);
        return p;
      },
      { replace: true },
    );
  }, [name, id, items, open, setParams]);
}
