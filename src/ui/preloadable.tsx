import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is loaded on demand, like React.lazy, but without suspending: until its module is in memory it
 * renders `fallback`, then the component. React 19 keeps a suspended boundary's fallback on screen at least 300 ms,
 * whatever the chunk's speed, so with React.lazy even a screen whose files are all in waits that long
 * (docs/performance.md). Preloaded (preload()) or already loaded, it renders at once.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) is asked for again next time.
        pending = undefined;
        throw error;
      },
    ));
  function Preloadable(props: P) {
    // Set when the module arrives (a new object re-renders), or with the error of a failed load.
    const [outcome, setOutcome] = useState<{ error?: unknown }>();
    const Component = loaded;
    useEffect(() => {
      // Also when the module arrived between this render and the effect: then() still calls back.
      if (!Component)
        preload().then(
          () => setOutcome({}),
          (error: unknown) => setOutcome({ error }),
        );
    }, [Component]);
    // To the nearest error boundary, as React.lazy does.
    if (outcome?.error) throw outcome.error;
    return Component ? <Component {...props} /> : fallback;
  }
  return Object.assign(Preloadable, { preload });
}
