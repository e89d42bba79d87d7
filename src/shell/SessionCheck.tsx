import { useEffect } from 'react';
import { useCheckAuth } from 'react-admin';
import { useLocation } from 'react-router';

/**
 * Checks the session on every move to another screen: a session that expired while the app was open ends
 * there, and the auth provider sends the user to the sign-in page, which says why.
 */
export function SessionCheck() {
  const { pathname } = useLocation();
  const checkAuth = useCheckAuth();
  useEffect(() => {
    checkAuth().catch(() => {
      /* the auth provider has already logged the user out */
    });
  }, [pathname, checkAuth]);
  return null;
}
