import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceProps } from 'react-admin';
import { areaResources, type Area, type ResourceEntry } from './resources';

/** What a resource folder's index.ts exports: its views, icon and record representation, spread into <Resource>. */
export type ResourceScreens = Omit<ResourceProps, 'name'>;

// Lazy on purpose: each area loads only its own resources' folders, so the company chunk holds no admin screen.
const folders = import.meta.glob<{ default: ResourceScreens }>('../resources/*/index.ts');

export type AreaResource = { entry: ResourceEntry; screens: ResourceScreens };

const loaded = new Map<Area, Promise<AreaResource[]>>();

/** The resources of an area that have screens (a folder under src/resources/), loaded once. */
export function loadAreaResources(area: Area): Promise<AreaResource[]> {
  if (!loaded.has(area)) {
    loaded.set(
      area,
      Promise.all(
        areaResources(area)
          .filter((entry) => folders[`../resources/${entry.name}/index.ts`])
          .map(async (entry) => {
            const screens = (await folders[`../resources/${entry.name}/index.ts`]!()).default;
            preloadRouteView(area, entry.name, screens);
            return { entry, screens };
          }),
      ),
    );
  }
  return loaded.get(area)!;
}

/**
 * A resource view loaded when its route is first shown. Resource folders are loaded when the area starts (to register
 * them), so a view imported statically by an index.ts would be in the area's first load; the layout's <Suspense>
 * shows a progress bar meanwhile.
 */
export function lazyView<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const view = lazy(() => load().then((module) => ({ default: module[name] as ComponentType }))) as LazyView;
  view.preload = load;
  return view;
}

type LazyView = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/**
 * The view the address names (#/administrador/soporte/12/show: soporte's show) starts loading with its folder,
 * instead of after the area has rendered: the first screen arrives one round trip sooner.
 */
function preloadRouteView(area: Area, name: string, screens: ResourceScreens) {
  const path = window.location.hash.replace(/^#\/?/, '').split('?')[0].split('/');
  const [resource, ...rest] = area === 'admin' ? path.slice(1) : path;
  if (resource !== name) return;
  const view = rest.length === 0 ? 'list' : rest[0] === 'create' ? 'create' : rest[1] === 'show' ? 'show' : 'edit';
  (screens[view] as LazyView | undefined)?.preload?.();
}
