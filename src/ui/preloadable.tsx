import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that renders at once when its module is already in memory (preloaded, or loaded by an earlier render).
 * React.lazy always suspends on its first render, and React 19 reveals a suspended boundary's content no sooner than
 * 300 ms after its fallback appeared: a page whose chunk had arrived with the settings still waited 300 ms behind
 * "Cargando..." (warm reload of #/login: the form at ~360 ms, all resources in by ~70 ms).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
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
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
