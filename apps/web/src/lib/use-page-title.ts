import { useEffect } from 'react';

const APP_NAME = 'EcoGrid';

/** The browser tab and screen readers name the page: "Customers to visit · EcoGrid". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
