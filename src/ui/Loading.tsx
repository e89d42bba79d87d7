import type { ReactNode } from 'react';
import { MSG } from '../../domain/messages';
import './public.css';

/** The whole-page status: "Cargando..." by default, or what is shown instead (the settings' retry). */
export function Loading({ children = MSG.loading }: { children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="am-status">
      {children}
    </div>
  );
}
