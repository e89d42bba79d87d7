/**
 * What the error pages say, and how they tell a chunk that failed to load from any other error. A chunk fails to load
 * when the app was deployed again while a tab had the old one open: the old index names chunks the server no longer
 * has. Reloading the page brings the new index, so that is what the page offers. Part of every page's first load:
 * kept short.
 */
export const LOAD_FAILURE = {
  // No brand in it: under a white label the users do not know Amelia.
  newVersionTitle: 'Hay una versión nueva',
  newVersionText: 'Recargue la página para usar la versión nueva.',
  errorTitle: 'Ocurrió un error inesperado',
  errorText: 'Recargue la página. Si el error sigue, comuníquese con soporte.',
  reload: 'Recargar la página',
};

// What browsers say when a dynamic import or a file it imports cannot be fetched (Chromium and Firefox: "... dynamically
// imported module", Safari: "Importing a module script failed"), and Vite when a chunk's CSS does not load ("Unable to
// preload CSS"). Short: it is part of every page's first load.
const CHUNK_MESSAGE = /dynamically imported|module script failed|preload CSS/i;

/**
 * Whether `error` is a chunk (or its CSS) that could not be loaded, rather than a fault of the page itself. Vite also
 * announces these failures with a vite:preloadError event on window; nothing listens to it: the failed import still
 * rejects, so the screen that asked for it reaches its error boundary, which offers to reload. Reloading by itself
 * instead would lose what the user was doing, and loop while the file stays missing.
 */
export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_MESSAGE.test(String((error as { message?: unknown } | null)?.message));
}
