import { useEffect } from 'react';
import { useSettings } from '../settings/SettingsProvider';

/** The browser tab says which page this is: "<page> · <site title>" (the site title alone when there is no page title). */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  const { title } = useSettings();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${title}` : title;
  }, [pageTitle, title]);
}
