import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from './es';

/** Spanish only: both areas use this provider, so every react-admin text is Spanish. */
export const i18nProvider = polyglotI18nProvider(() => es, 'es', [{ locale: 'es', name: 'Español' }]);
