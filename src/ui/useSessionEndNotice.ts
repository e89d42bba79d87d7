import { useEffect, useState } from 'react';

type Session = { endNotice(): string | null; forgetEndNotice(): void };

/** The sign-in page's notice when the user is there because the session expired or the server closed it; said once, then forgotten. */
export function useSessionEndNotice(session: Session): string | null {
  const [notice] = useState(() => session.endNotice());
  useEffect(() => session.forgetEndNotice(), [session]);
  return notice;
}
