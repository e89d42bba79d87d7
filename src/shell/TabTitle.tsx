import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/**
 * Keeps the browser tab's title on the screen's title. Every react-admin screen writes its title (<Title>,
 * or the resource's default) into the app bar's #react-admin-title, so following that element covers them all.
 */
export function TabTitle() {
  const [title, setTitle] = useState('');
  useEffect(() => {
    const element = document.getElementById('react-admin-title');
    if (!element) return;
    const read = () => setTitle(element.textContent?.trim() ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  useDocumentTitle(title);
  return null;
}
