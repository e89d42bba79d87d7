import { useState } from 'react';
import { useNotify } from 'react-admin';

/** An action of a page that calls the server: `pending` while `run` runs it, and its refusal told as an error notice. */
export function useAccion() {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}

/**
 * An action of a dialog that calls the server: `pending` while `run` runs it, and its refusal kept in `fallo` for the
 * dialog to show (cleared when it runs again, or with `setFallo(null)`).
 */
export function useAccionConFallo() {
  const [pending, setPending] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setFallo(null);
    try {
      await work();
    } catch (error) {
      setFallo((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  return { pending, fallo, setFallo, run };
}
