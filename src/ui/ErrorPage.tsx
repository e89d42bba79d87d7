import { useRouteError } from 'react-router';
import { isChunkLoadError, LOAD_FAILURE } from './loadFailure';
import './public.css';

/**
 * The whole page shown instead of a screen that failed: a chunk that could not be loaded says there is a new version
 * (one was deployed), any other error says so; both offer to reload the page. Part of every page's first load, with no
 * react-admin and no MUI (it must show when the chunks are what failed), and kept that small.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const newVersion = isChunkLoadError(error);
  return (
    <div className="am-centered">
      <main className="am-card am-card--raised">
        <h1>{newVersion ? LOAD_FAILURE.newVersionTitle : LOAD_FAILURE.errorTitle}</h1>
        <p className="am-subtitle">{newVersion ? LOAD_FAILURE.newVersionText : LOAD_FAILURE.errorText}</p>
        <button type="button" className="am-btn" onClick={() => location.reload()}>
          {LOAD_FAILURE.reload}
        </button>
      </main>
    </div>
  );
}

/** The router's error element: what a page or an area threw while rendering, or its chunk that did not load. */
export const RouteErrorPage = () => <ErrorPage error={useRouteError()} />;
