import { useEffect, useMemo, useRef, useState } from 'react';
import { Notification, NotificationContext, useNotificationContext } from 'react-admin';
import { useLocation } from 'react-router';

/** A navigation this soon after a toast appeared is the redirect that belongs with it (save, then the list); a person takes longer to click. */
const REDIRECT_GRACE_MS = 300;

/**
 * react-admin's notification, dropped when the user moves on to another screen: a toast belongs to the screen
 * where it appeared. The save's "Elemento actualizado" still shows on the list it redirects to.
 */
export function AreaNotification() {
  const { pathname } = useLocation();
  const context = useNotificationContext();
  const shownAt = useRef(0);
  const [screen, setScreen] = useState(pathname);
  useEffect(() => {
    if (Date.now() - shownAt.current > REDIRECT_GRACE_MS) setScreen(pathname);
  }, [pathname]);
  const tracked = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        shownAt.current = Date.now();
        return context.takeNotification();
      },
    }),
    [context],
  );
  return (
    <NotificationContext.Provider value={tracked}>
      <Notification key={screen} />
    </NotificationContext.Provider>
  );
}
