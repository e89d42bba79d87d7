import { useEffect, useState } from 'react';
import { MSG } from '../domain/messages';

type Session = { endedByExpiry(): boolean; forgetExpiry(): void };

/** The sign-in page's notice when the user is there because the session expired; said once, then forgotten. */
export function useExpiryNotice(session: Session): string | null {
  const [expired] = useState(() => session.endedByExpiry());
  useEffect(() => session.forgetExpiry(), [session]);
  return expired ? MSG.sessionExpiredNotice : null;
}
