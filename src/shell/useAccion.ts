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
