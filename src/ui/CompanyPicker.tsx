import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { MessageDialog } from './MessageDialog';
import { useSubmission } from './useSubmission';
import { Field } from './Field';
import { useForm } from './useForm';
import { api } from '../http/client';
import { companySession, type CompanyUser } from '../authProvider/session';
import type { EmpresaFila } from '../../domain/contratos/empresas-lista';
import { MSG } from '../../domain/messages';
import './company-picker.css';

type Company = Pick<EmpresaFila, 'EMP_CODIGO' | 'EMP_RUC' | 'EMP_NOMBRE' | 'EMP_NOMBREC'>;

/** At most this many companies are offered at once: typing narrows them. */
const MAX_RESULTS = 20;
const DEBOUNCE_MS = 250;

/** The distributor's own active companies matching the text (its list on the server is already scoped to them). */
function searchCompanies(token: string, text: string): Promise<Company[]> {
  const filter = JSON.stringify({ ...(text ? { q: text } : {}), EMP_ACTIVO: true });
  const query = `filter=${encodeURIComponent(filter)}&range=${encodeURIComponent(`[0,${MAX_RESULTS - 1}]`)}&sort=${encodeURIComponent('["EMP_NOMBRE","ASC"]')}`;
  return api<Company[]>(`/empresas?${query}`, { token });
}

/** The companies matching what was typed, searched a moment after the typing stops; the last answer wins. */
function useCompanySearch(token: string, text: string) {
  const [state, setState] = useState<{ text: string | null; companies: Company[]; error?: string }>({ text: null, companies: [] });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      searchCompanies(token, text.trim()).then(
        (companies) => current && setState({ text, companies }),
        (error: Error) => current && setState({ text, companies: [], error: error.message }),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [token, text]);
  return { ...state, searching: state.text !== text };
}

type Props = {
  /** The distributor's administration token. */
  token: string;
  /** Called once the company session is stored. */
  onEntered: () => void;
  /** A secondary action beside "Ingresar" (Volver, Cancelar). */
  onBack: () => void;
  backLabel: string;
};

/**
 * A distributor chooses one of its companies (a searchable combobox: part of the name or the RUC) and enters its
 * invoicing as that company; optionally as one of its users. Used on the sign-in page and in the administration area.
 */
export function EnterCompanyForm({ token, onEntered, onBack, backLabel }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Company | null>(null);
  const [missing, setMissing] = useState(false);
  const search = useCompanySearch(token, text);
  const form = useForm({ usuario: '', clave: '' }, () => ({}));
  const { message, setMessage, sending, handle } = useSubmission(() => {
    setMissing(!chosen);
    return Boolean(chosen);
  }, MSG.loginErrorPrefix);

  const listId = `${id}-empresas`;
  const optionId = (index: number) => `${id}-empresa-${index}`;
  const companies = search.companies;
  const expanded = open && !chosen;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (company: Company) => {
    setChosen(company);
    setText(company.EMP_NOMBRE);
    setOpen(false);
    setActive(-1);
    setMissing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setChosen(null);
        setOpen(true);
        return;
      }
      if (!companies.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + companies.length) % companies.length);
    } else if (event.key === 'Enter' && expanded && companies[active]) {
      event.preventDefault();
      choose(companies[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const enter = handle(async () => {
    const { usuario, clave } = form.values;
    const body = { ruc: chosen!.EMP_RUC, ...(usuario.trim() ? { usuario: usuario.trim() } : {}), ...(clave ? { clave } : {}) };
    const session = await api<{ usuario: CompanyUser }>('/loginDistribuidor', { method: 'POST', body, token });
    companySession.save(session.usuario);
    onEntered();
  });

  const status = search.error
    ? search.error
    : search.searching
      ? 'Buscando...'
      : companies.length
        ? `${companies.length === MAX_RESULTS ? `Las primeras ${MAX_RESULTS}` : companies.length} empresa${companies.length === 1 ? '' : 's'}. Escriba para acotar la lista.`
        : 'Ninguna de sus empresas activas coincide con lo que escribió.';

  return (
    <form onSubmit={enter} noValidate className="am-picker">
      <p style={{ marginTop: 0 }}>
        Busque la empresa por su nombre o su RUC y elíjala de la lista. Ingresará a su facturación como esa empresa.
      </p>
      <div className={`am-field ${missing ? 'am-field--error' : ''}`}>
        <label htmlFor={`${id}-buscar`}>Empresa</label>
        <div className="am-input-wrap">
          <input
            id={`${id}-buscar`}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={`${id}-ayuda`}
            aria-invalid={missing || undefined}
            placeholder="Nombre o RUC"
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.target.value);
              setChosen(null);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </div>
        <ul id={listId} role="listbox" aria-label="Sus empresas" className="am-picker__list" hidden={!expanded}>
          {companies.map((company, index) => (
            <li
              key={company.EMP_CODIGO}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="am-picker__option"
              // mousedown: before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(company);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="am-picker__name">{company.EMP_NOMBRE}</span>
              <span className="am-picker__detail">
                RUC {company.EMP_RUC}
                {company.EMP_NOMBREC && company.EMP_NOMBREC.toUpperCase() !== company.EMP_NOMBRE.toUpperCase()
                  ? ` · ${company.EMP_NOMBREC}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
        <div id={`${id}-ayuda`} className="am-help" role="status">
          {missing ? 'Elija una empresa de la lista.' : chosen ? `RUC ${chosen.EMP_RUC}` : expanded ? status : ' '}
        </div>
      </div>
      <details className="am-picker__user">
        <summary>Entrar como un usuario específico</summary>
        <p>
          Si no elige un usuario, entrará como el primer usuario activo de la empresa. Todo lo que haga queda registrado a su nombre. La
          clave del usuario es opcional: si la escribe, se comprueba.
        </p>
        <Field label="Usuario de la empresa" autoComplete="off" {...form.text('usuario')} id={`${id}-usuario`} />
        <Field label="Clave del usuario" type="password" autoComplete="off" {...form.text('clave')} id={`${id}-clave`} />
      </details>
      <div className="am-dialog__actions" style={{ padding: 0 }}>
        <button type="button" className="am-btn am-btn--text" onClick={onBack}>
          {backLabel}
        </button>
        <button type="submit" className="am-btn" disabled={sending}>
          {sending ? 'Ingresando...' : 'Ingresar a la facturación'}
        </button>
      </div>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </form>
  );
}
