import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../http/client';
import { readSettings, type SettingRow, type Settings } from '../domain/configuraciones';
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

/** Starts GET /configuraciones (once: SettingsProvider takes this same request); main.tsx calls it before the first render. */
export function requestSettings(): Promise<Settings> {
  pending ??= api<SettingRow[]>('/configuraciones').then(readSettings);
  return pending;
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
