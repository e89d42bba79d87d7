import { useContext, useMemo } from 'react';
import { DataProviderContext, useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { AreaDataProvider } from './createDataProvider';

/** The area's own calls, next to react-admin's CRUD methods. */
const OWN_CALLS = new Set<PropertyKey>(['call', 'upload', 'download', 'blob']);

/**
 * The area's data provider for screens. CRUD methods go through react-admin's useDataProvider as usual. The area's own
 * calls (call, upload, download, blob) still let react-admin act on a refused call (checkError: sign-out, "choose a new
 * clave", "no access"), but then fail as the error they are. Through useDataProvider, a refused call that redirects
 * resolves with react-admin's placeholder `{ data: {} }`, which a screen would read as its data while it leaves (a
 * TypeError React recovers from, seen in the e2e log after a 403 CAMBIAR_CLAVE).
 */
export function useAreaDataProvider(): AreaDataProvider {
  const proxied = useDataProvider<AreaDataProvider>();
  const own = useContext(DataProviderContext) as AreaDataProvider;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(() => {
    const guarded =
      <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
      (...args: A) =>
        method(...args).catch(async (error: unknown) => {
          await logoutIfAccessDenied(error as Error);
          throw error;
        });
    const calls: Partial<AreaDataProvider> = {
      call: guarded(own.call) as AreaDataProvider['call'],
      upload: guarded(own.upload) as AreaDataProvider['upload'],
      download: guarded(own.download),
      blob: guarded(own.blob),
    };
    return new Proxy(proxied, {
      get: (target, name) => (OWN_CALLS.has(name) ? calls[name as keyof AreaDataProvider] : Reflect.get(target, name)),
    });
  }, [proxied, own, logoutIfAccessDenied]);
}
