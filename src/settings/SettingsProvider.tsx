import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, API_URL } from '../http/client';
import { readSettings, type SettingRow, type Settings } from '../../domain/configuraciones';
import { Loading } from '../ui/Loading';

const SettingsContext = createContext<Settings | null>(null);

export function useSettings(): Settings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings fuera de SettingsProvider');
  return settings;
}

function applyBranding(settings: Settings) {
  document.title = settings.title;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.appendChild(icon);
  }
  icon.href = settings.favicon;
}

let pending: Promise<Settings> | null = null;
/** The mounted provider's setter: reloadSettings hands it what it read. */
const listeners = new Set<(settings: Settings) => void>();

/** Uploaded images are served by the API: when it lives elsewhere (VITE_API_URL), their paths point there. */
const onApi = (path: string) => (API_URL && path.startsWith('/api/') ? `${API_URL}${path}` : path);
const withApiImages = (s: Settings): Settings => ({
  ...s,
  logo: onApi(s.logo),
  favicon: onApi(s.favicon),
  cover: s.cover && onApi(s.cover),
});

/** Starts GET /configuraciones (once: SettingsProvider takes this same request); main.tsx calls it before the first render. */
export function requestSettings(): Promise<Settings> {
  pending ??= api<SettingRow[]>('/configuraciones').then(readSettings).then(withApiImages);
  return pending;
}

/**
 * Reads the settings again and brands the open page with them: the settings form calls it after a save, so that the
 * sign-in pages show the change without reloading. (A new page load always reads them again: GET /configuraciones
 * answers Cache-Control: no-cache.)
 */
export function reloadSettings(): Promise<Settings> {
  pending = null;
  return requestSettings().then((read) => {
    applyBranding(read);
    listeners.forEach((listener) => listener(read));
    return read;
  });
}

/** Loads the global settings once: they brand every page, so until they arrive the whole app shows "Cargando...". */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    requestSettings()
      .then((read) => {
        applyBranding(read);
        setSettings(read);
      })
      .catch((e: Error) => {
        // The next attempt (Reintentar) asks the server again.
        pending = null;
        setError(e.message);
      });
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    listeners.add(setSettings);
    return () => void listeners.delete(setSettings);
  }, []);
  const retry = () => {
    setError(null);
    load();
  };

  if (!settings) {
    return (
      <Loading>
        {error ? (
          <div className="am-status-error">
            <p>No se pudo cargar la configuración: {error}</p>
            <button type="button" className="am-btn" onClick={retry}>
              Reintentar
            </button>
          </div>
        ) : undefined}
      </Loading>
    );
  }
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}
