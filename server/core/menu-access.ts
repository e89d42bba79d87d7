/**
 * The menus are enforced on the server (issue 11): each administration or company route belongs to the menu entry
 * whose MEN_PERMISO it names in its route config (`config: { permiso: 'asesores' }`), or is open to every signed-in
 * caller of its guard (`config: { permiso: null }`: home, own profile, sign-out). The hook that reads it lives here.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** MEN_PERMISO of the menu entry this route belongs to; null: open to every caller its guard lets in. */
    permiso?: string | null;
  }
}

export {};
