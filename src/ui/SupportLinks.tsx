import { useSettings } from '../settings/SettingsProvider';
import { Icon } from './Icon';
import './public.css';

/** The three support buttons of the white-label login (chat, phone, website), from the settings. */
export function SupportButtons() {
  const { support } = useSettings();
  const buttons = [
    { label: 'Chat', href: support.chat, icon: 'chat' as const },
    { label: 'Llamar', href: support.phone, icon: 'phone' as const },
    { label: 'Sitio web', href: support.website, icon: 'web' as const },
  ].filter((b) => b.href);
  return (
    <nav className="am-support" aria-label="Soporte">
      {buttons.map((b) => (
        <a key={b.label} className="am-btn am-btn--outlined" href={b.href} target="_blank" rel="noopener noreferrer">
          <Icon name={b.icon} size={18} />
          {b.label}
        </a>
      ))}
    </nav>
  );
}

/** Amelia's contact details under the company login. */
export function ContactDetails() {
  const { contact } = useSettings();
  return (
    <aside className="am-contact" aria-label="Contacto">
      <strong>¿Necesita ayuda?</strong>
      {contact.phone && (
        <div>
          Teléfono:{' '}
          <a className="am-link" href={`tel:${contact.phone.replace(/\s/g, '')}`}>
            {contact.phone}
          </a>
        </div>
      )}
      {contact.email && (
        <div>
          Correo:{' '}
          <a className="am-link" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </div>
      )}
      {contact.address && <div>{contact.address}</div>}
      {contact.hours && <div>{contact.hours}</div>}
    </aside>
  );
}
