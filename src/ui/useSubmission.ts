import { useState } from 'react';
import type { Message } from './MessageDialog';
import { MSG } from '../../domain/messages';

/**
 * The submit flow every public form shares: an invalid form gets the catalogue's warning;
 * otherwise the action runs once at a time and a failure shows "Error" with the prefix and the server's msg.
 */
export function useSubmission(check: () => boolean, errorPrefix?: string) {
  const [message, setMessage] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);

  const handle = (action: () => Promise<void>) => async (event: React.FormEvent) => {
    event.preventDefault();
    if (!check()) {
      setMessage({ title: MSG.warningTitle, text: MSG.formInvalid, severity: 'warning' });
      return;
    }
    setSending(true);
    try {
      await action();
    } catch (error) {
      const text = (error as Error).message;
      setMessage({ title: MSG.loginErrorTitle, text: errorPrefix ? `${errorPrefix} ${text}` : text, severity: 'error' });
    } finally {
      setSending(false);
    }
  };

  return { message, setMessage, sending, handle };
}
