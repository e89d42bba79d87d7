import { Link } from 'react-router';
import { Icon } from '../ui/Icon';
import { MSG } from '../../domain/messages';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import '../ui/public.css';

export default function Error403Page() {
  useDocumentTitle(MSG.deactivatedTitle);
  return (
    <div className="am-centered">
      <main className="am-card am-card--raised" style={{ textAlign: 'center' }}>
        <Icon name="block" size={64} color="#c62828" />
        <h1 style={{ marginTop: 8 }}>{MSG.deactivatedTitle}</h1>
        <p className="am-subtitle" style={{ marginBottom: 24 }}>
          {MSG.deactivatedText}
        </p>
        <Link className="am-btn" to="/login">
          Volver a iniciar sesión
        </Link>
      </main>
    </div>
  );
}
