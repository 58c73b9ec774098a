// The width an element is given by its parent, kept up to date as the window, the sidebar or a panel
// resizes it. Components that change their layout by the room they have (list tables, the filter
// bar) read it instead of the window width: the sidebar takes 64 or 256 px of the same window.
import { useCallback, useLayoutEffect, useState } from 'react';

export function useElementWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  // null until measured; the first measure happens before the browser paints.
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.getBoundingClientRect().width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const ref = useCallback((node: T | null) => setElement(node), []);
  return { ref, width };
}
