import { useEffect, type ReactNode } from 'react';

/** The screen's heading, also used as the document title. */
export function PageTitle({ children, text }: { children?: ReactNode; text: string }) {
  useEffect(() => {
    document.title = `${text} · Card Lens`;
  }, [text]);
  return <h1 className="page-title">{children ?? text}</h1>;
}
