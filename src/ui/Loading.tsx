import { MSG } from '../domain/messages';
import './public.css';

export function Loading() {
  return (
    <div role="status" aria-live="polite" className="am-status">
      {MSG.loading}
    </div>
  );
}
