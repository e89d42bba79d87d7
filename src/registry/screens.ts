import { createElement, useEffect, useState, type ComponentType } from 'react';
import { LinearProgress, type ResourceProps } from 'react-admin';
import { preloadable } from '../ui/preloadable';
import { areaResources, type Area, type ResourceEntry } from './resources';
import type * as Cargadores from '../comprobantes/cargarPantallas';

/** What a resource folder's index.ts exports: its views, icon and record representation, spread into <Resource>. */
export type ResourceScreens = Omit<ResourceProps, 'name'>;

/**
 * An area's resource folders by path ('../resources/facturas/index.ts'), globbed eagerly by the area's own module
 * (adminFolders.ts, companyFolders.ts): a folder's index.ts is only its views' lazy loaders (a few hundred bytes), so an
 * area's folders travel in its chunk and compress as one; loaded one chunk per folder they cost about 1.3 kB gzip each
 * at every area start, mostly their own preload lists. The views themselves stay lazy.
 */
export type ResourceFolders = Record<string, { default: ResourceScreens }>;

export type AreaResource = { entry: ResourceEntry; screens: ResourceScreens };

const loaded = new Map<Area, Promise<AreaResource[]>>();

type Tracked<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A promise that says synchronously whether it has settled, and with what. */
function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = Object.assign(promise, { status: 'pending' as Tracked<T>['status'] });
  promise.then(
    (value) => Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(result, { status: 'rejected', reason }),
  );
  return result as Tracked<T>;
}

/**
 * The area's resources once loaded, undefined until then (the component renders again when they arrive). Not use():
 * a suspended render of the area would keep "Cargando..." on screen for at least 300 ms (React 19's reveal throttle)
 * even when the folders arrive from the cache a few milliseconds later.
 */
export function useAreaResources(area: Area, folders: ResourceFolders): AreaResource[] | undefined {
  const promise = loadAreaResources(area, folders) as Tracked<AreaResource[]>;
  const [, settled] = useState(0);
  const shown = promise.status;
  useEffect(() => {
    // Also when it settled between this render and the effect: then() still calls back, on the next tick.
    if (shown === 'pending')
      promise.then(
        () => settled((n) => n + 1),
        () => settled((n) => n + 1),
      );
  }, [promise, shown]);
  if (promise.status === 'rejected') throw promise.reason;
  return promise.value;
}

/** The resources of an area that have screens (a folder under src/resources/), loaded once. */
export function loadAreaResources(area: Area, folders: ResourceFolders): Promise<AreaResource[]> {
  if (!loaded.has(area)) {
    loaded.set(
      area,
      tracked(
        Promise.all(
          areaResources(area)
            .filter((entry) => folders[`../resources/${entry.name}/index.ts`])
            .map(async (entry) => {
              const screens = folders[`../resources/${entry.name}/index.ts`]!.default;
              // The addressed view comes with its folder: rendered already loaded, it never suspends behind a fallback.
              await preloadRouteView(area, entry.name, screens)?.catch(() => undefined);
              return { entry, screens };
            }),
        ),
      ),
    );
  }
  return loaded.get(area)!;
}

/**
 * A resource view loaded when its route is first shown. Resource folders are loaded when the area starts (to register
 * them), so a view imported statically by an index.ts would be in the area's first load; a progress bar shows meanwhile.
 */
export function lazyView<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return preloadable(() => load().then((module) => module[name] as ComponentType<object>), createElement(LinearProgress));
}

/**
 * A document type's four views, taken from a module its folder shares with another type (src/comprobantes/
 * cargarPantallas.ts) by their names' start: "NotaCredito" → NotaCreditoList, NotaCreditoCreate, NotaCreditoEdit...
 */
export function vistasDocumento(cargar: (m: typeof Cargadores) => Promise<object>, tipo: string) {
  const load = () => import('../comprobantes/cargarPantallas').then(cargar) as Promise<Record<string, unknown>>;
  return {
    list: lazyView(load, `${tipo}List`),
    create: lazyView(load, `${tipo}Create`),
    edit: lazyView(load, `${tipo}Edit`),
    show: lazyView(load, `${tipo}Show`),
    recordRepresentation: 'FAC_NUMERO',
  };
}

type LazyView = ComponentType & { preload?: () => Promise<unknown> };

/**
 * The view the address names (#/administrador/soporte/12/show: soporte's show) starts loading with its folder,
 * instead of after the area has rendered: the first screen arrives one round trip sooner.
 */
function preloadRouteView(area: Area, name: string, screens: ResourceScreens) {
  const path = window.location.hash.replace(/^#\/?/, '').split('?')[0].split('/');
  const [resource, ...rest] = area === 'admin' ? path.slice(1) : path;
  if (resource !== name) return;
  const view = rest.length === 0 ? 'list' : rest[0] === 'create' ? 'create' : rest[1] === 'show' ? 'show' : 'edit';
  return (screens[view] as LazyView | undefined)?.preload?.();
}
