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
          .map(async (entry) => ({ entry, screens: (await folders[`../resources/${entry.name}/index.ts`]!()).default })),
      ),
    );
  }
  return loaded.get(area)!;
}
