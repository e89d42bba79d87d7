import type { ReactNode } from 'react';
import { useSettings } from '../settings/SettingsProvider';
import { Carousel } from './Carousel';
import { ContactDetails } from './SupportLinks';
import { useDocumentTitle } from './useDocumentTitle';
import './public.css';

type Props = {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  whiteLabelFooter?: ReactNode;
  showContact?: boolean;
  /** A notice above the form, e.g. why the user is back on the sign-in page. */
  notice?: string | null;
};

/**
 * Frame of the sign-in pages. Amelia's own branding: carousel beside the form (and contact details).
 * White label: the company's cover behind a plain card with its logo.
 */
export function PublicLayout({ title, subtitle, children, footer, whiteLabelFooter, showContact = false, notice }: Props) {
  const settings = useSettings();
  useDocumentTitle(title);
  const card = (
    <main className={`am-card ${settings.whiteLabel ? 'am-card--raised' : ''}`}>
      <img className="am-card__logo" src={settings.logo} alt={settings.title} />
      <h1>{title}</h1>
      {subtitle ? <p className="am-subtitle">{subtitle}</p> : <div style={{ height: 16 }} />}
      {notice && (
        <p className="am-notice" role="alert">
          {notice}
        </p>
      )}
      {children}
      {settings.whiteLabel ? whiteLabelFooter : footer}
    </main>
  );
  if (settings.whiteLabel) {
    return (
      <div
        data-mode="marca-blanca"
        className="am-centered"
        style={{ backgroundImage: settings.cover ? `url("${settings.cover}")` : undefined }}
      >
        {card}
      </div>
    );
  }
  return (
    <div data-mode="amelia" className="am-split">
      <div className="am-split__aside">
        <Carousel />
      </div>
      <div className="am-split__main">
        {card}
        {showContact && <ContactDetails />}
      </div>
    </div>
  );
}
