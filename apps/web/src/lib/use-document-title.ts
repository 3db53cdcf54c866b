import { useEffect } from 'react';

/** The browser tab's title while a page is shown (in the reader's language); the previous one comes back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
