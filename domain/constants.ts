/** How long a recovery's temporary clave works (the recovery page tells the user). */
export const TEMPORARY_PASSWORD_MINUTES = 60;
/** How long the temporary clave mailed when an administrator resets another's clave works (once, then a new one must be chosen). */
export const ADMIN_TEMPORARY_PASSWORD_HOURS = 24;

/** Code the API sends with 403 when the user was deactivated: the app shows error403 instead of the login. */
export const DEACTIVATED_CODE = 'USUARIO_DESACTIVADO';

/** Code the API sends with 403 while a session signed in with a temporary clave: the app shows only the screen to choose a new one. */
export const MUST_CHANGE_PASSWORD_CODE = 'CAMBIAR_CLAVE';

/** Code the API sends with 403 when the caller's menu does not grant the section: the app shows its no-access page and the session stays. */
export const NO_ACCESS_CODE = 'SIN_ACCESO';

/** Code the API sends with 403 when the user's role in the company does not allow the action (domain/roles.ts); the session stays. */
export const ROLE_REFUSED_CODE = 'ROL_SIN_PERMISO';
