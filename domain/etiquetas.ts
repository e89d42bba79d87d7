/**
 * How a person reads the fields of a company's history and of the audit log: one label per field an entry can carry,
 * and its value as people write it (Sí/No, dates YYYY-MM-DD, money with 2 decimals, codes by their names). The server
 * names fields with it in its descriptions; the audit screens and the company's history show entries with it.
 */
import { ESTADO_COMPROBACION_ETIQUETA } from './empresas';
import { PLAN_CLASE_ETIQUETA, PLAN_TIPO_ETIQUETA } from './planes';
import { BANCO_TIPO_ETIQUETA } from './bancos';
import { formatDateTime } from './fechas';

/** Every field a history or audit entry may carry, by the name the entry gives it. */
const ETIQUETAS_CAMPOS: Readonly<Record<string, string>> = {
  // Companies
  EMP_CODIGO: 'Empresa',
  EMP_RUC: 'RUC',
  EMP_NOMBREC: 'Nombre comercial',
  EMP_NOMBRE: 'Razón social',
  EMP_CORREO: 'Correo',
  EMP_TELEFONO: 'Teléfono',
  EMP_CELULAR: 'Celular',
  EMP_DIRECCION: 'Dirección matriz',
  EMP_CONTABILIDAD: 'Obligado a llevar contabilidad',
  EMP_CONTRIBUYENTE_ESPECIAL: 'Contribuyente especial (resolución)',
  EMP_AGENTE_RETENCION: 'Agente de retención (resolución)',
  EMP_RIMPE: 'Régimen RIMPE',
  EMP_AMBIENTE: 'Ambiente',
  EMP_LOGO: 'Logo',
  EMP_ACTIVO: 'Activa',
  EMP_COMPROBACION: 'Verificación',
  EMP_MOTIVO_RECHAZO: 'Motivo del rechazo',
  EMP_DISTRIBUIDOR: 'Distribuidor',
  EMP_FECHAREGISTRO: 'Registro',
  EMP_PLAN_CADUCA: 'Plan vence',
  EMP_FIRMA_CADUCA: 'Firma vence',
  EMPRESA: 'Empresa',
  empresas: 'Empresas',
  establecimientos: 'Establecimientos',
  establecimiento: 'Establecimiento',
  EST_CODIGO: 'Establecimiento',
  EST_NUMERO: 'Número del establecimiento',
  EST_NOMBRE: 'Nombre del establecimiento',
  EST_DIRECCION: 'Dirección del establecimiento',
  EST_ACTIVO: 'Establecimiento activo',
  puntos: 'Puntos de emisión',
  punto: 'Punto de emisión',
  PEM_CODIGO: 'Punto de emisión',
  PEM_NUMERO: 'Número del punto de emisión',
  PEM_NOMBRE: 'Nombre del punto de emisión',
  PEM_ACTIVO: 'Punto de emisión activo',
  siguiente: 'Siguiente secuencial',
  menus: 'Menús',
  // Sold plans and the catalogue
  PLANEMPRESA_ID: 'Plan vendido',
  PLANEMPRESA_NOMBRE: 'Plan',
  PLANEMPRESA_CLASE: 'Clase de plan',
  PLANEMPRESA_TIPO: 'Tipo de plan',
  PLANEMPRESA_INICIO: 'Plan inicia',
  PLANEMPRESA_CADUCA: 'Plan vence',
  PLANEMPRESA_COMPROBANTES: 'Comprobantes',
  PLANEMPRESA_USADOS: 'Comprobantes usados',
  PLANEMPRESA_PRECIO: 'Precio (sin IVA)',
  PLANEMPRESA_OBSERVACION: 'Observación',
  PLANEMPRESA_EXTENSION: 'Tipo de documento',
  PLANEMPRESA_FECHA: 'Fecha de venta',
  PLAN_ID: 'Plan',
  PLAN_NOMBRE: 'Plan',
  PLAN_DESCRIPCION: 'Descripción del plan',
  PLAN_CLASE: 'Clase de plan',
  PLAN_TIPO: 'Tipo de plan',
  PLAN_DIAS: 'Días',
  PLAN_COMPROBANTES: 'Comprobantes',
  PLAN_PRECIO: 'Precio (sin IVA)',
  PLAN_ACTIVO: 'Plan activo',
  // Payments and banks
  PAG_CODIGO: 'Pago',
  PAG_MONTO: 'Monto',
  PAG_FECHAPAGO: 'Fecha del pago',
  PAG_FECHA: 'Registrado',
  PAG_REFERENCIA: 'Referencia',
  PAG_ORIGEN: 'Origen del pago',
  BAN_CODIGO: 'Banco',
  BAN_NOMBRE: 'Banco',
  BAN_NUMERO: 'Número de cuenta',
  BAN_TIPO_CUENTA: 'Tipo de cuenta',
  BAN_ACTIVO: 'Banco activo',
  ARC_NOMBRE: 'Archivo',
  // Signatures
  FIR_TITULAR: 'Titular de la firma',
  FIR_EMISOR: 'Emisor de la firma',
  FIR_SERIE: 'Serie de la firma',
  FIR_IDENTIFICACION: 'Identificación del titular',
  FIR_DESDE: 'Firma válida desde',
  FIR_HASTA: 'Firma válida hasta',
  // Company users
  USU_CODIGO: 'Usuario',
  USU_USUARIO: 'Usuario',
  USU_NOMBRE: 'Nombre',
  USU_CORREO: 'Correo',
  USU_ROL: 'Rol',
  USU_ACTIVO: 'Usuario activo',
  // Administration users, profiles, menus, advisers, settings
  ADM_CODIGO: 'Administrador',
  ADM_USUARIO: 'Usuario',
  ADM_NOMBRE: 'Nombre',
  ADM_CORREO: 'Correo',
  ADM_ACTIVO: 'Activo',
  DRB_CONTADOR: 'Puede ingresar a sus empresas',
  PRF_CODIGO: 'Perfil',
  PRF_NOMBRE: 'Perfil',
  PRF_ACTIVO: 'Perfil activo',
  correo: 'Correo',
  MEN_CODIGO: 'Menú',
  MEN_NOMBRE: 'Nombre del menú',
  MEN_RUTA: 'Ruta',
  MEN_ICONO: 'Icono',
  MEN_ORDEN: 'Orden',
  MEN_AREA: 'Área',
  MEN_PERMISO: 'Permiso',
  MEN_ACTIVO: 'Menú activo',
  ASE_CODIGO: 'Asesor',
  ASE_NOMBRE: 'Nombre',
  ASE_IDENTIFICACION: 'Identificación',
  ASE_CORREO: 'Correo',
  ASE_TELEFONO: 'Teléfono',
  ASE_ACTIVO: 'Asesor activo',
  PROD_NOMBRE: 'Producto',
  PROD_ACTIVO: 'Producto activo',
  CON_NOMBRE: 'Configuración',
  CON_VALOR1: 'Valor 1',
  CON_VALOR2: 'Valor 2',
  CON_VALOR3: 'Valor 3',
  CON_VALOR4: 'Valor 4',
  CON_VALOR5: 'Valor 5',
  CON_VALOR6: 'Valor 6',
  CON_VALOR7: 'Valor 7',
  CON_VALOR8: 'Valor 8',
};

/** Fields whose value is a code with a name people read. */
const VALORES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  EMP_AMBIENTE: { 1: 'Pruebas', 2: 'Producción' },
  EMP_COMPROBACION: ESTADO_COMPROBACION_ETIQUETA,
  EMP_RIMPE: { EMPRENDEDOR: 'RIMPE Emprendedor', NEGOCIO_POPULAR: 'RIMPE Negocio popular' },
  PLANEMPRESA_CLASE: PLAN_CLASE_ETIQUETA,
  PLAN_CLASE: PLAN_CLASE_ETIQUETA,
  PLANEMPRESA_TIPO: PLAN_TIPO_ETIQUETA,
  PLAN_TIPO: PLAN_TIPO_ETIQUETA,
  BAN_TIPO_CUENTA: BANCO_TIPO_ETIQUETA,
  USU_ROL: { administrador: 'Administrador', vendedor: 'Vendedor', contador: 'Contador' },
  MEN_AREA: { admin: 'Administración', empresa: 'Empresa' },
  PAG_ORIGEN: { registro: 'Registro de la empresa', admin: 'Administración' },
  DRB_CONTADOR: { 0: 'No', 1: 'Sí' },
};

/** Amounts in dollars: always 2 decimals. */
const DINERO = new Set(['PLANEMPRESA_PRECIO', 'PLAN_PRECIO', 'PAG_MONTO']);

/**
 * An id the entry may carry with its name beside it: the id is shown as that name (with its number) and the name's
 * own field is not repeated.
 */
const NOMBRE_DE: Readonly<Record<string, string>> = {
  PLAN_ID: 'PLAN_NOMBRE',
  PLANEMPRESA_ID: 'PLAN_NOMBRE',
  BAN_CODIGO: 'BAN_NOMBRE',
  EMP_CODIGO: 'EMPRESA',
  EMP_DISTRIBUIDOR: 'DISTRIBUIDOR_NOMBRE',
  PRF_CODIGO: 'PRF_NOMBRE',
  ADM_CODIGO: 'ADM_NOMBRE',
};

const MOMENTO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's name as a person reads it: its label, or its key made readable ("MI_CAMPO_NUEVO" → "Campo nuevo"). */
export function etiquetaCampo(campo: string): string {
  const label = ETIQUETAS_CAMPOS[campo];
  if (label) return label;
  const parts = campo.split('_').filter(Boolean);
  const words = (parts.length > 1 && /^[A-Z0-9]+$/.test(parts[0]) ? parts.slice(1) : parts).join(' ');
  const readable = words.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return readable ? readable[0].toUpperCase() + readable.slice(1) : campo;
}

/** Fields in the dictionary's order (the order people read a record in); unknown ones last, as they came. */
const ORDEN = new Map(Object.keys(ETIQUETAS_CAMPOS).map((campo, i) => [campo, i]));
const enOrden = (campos: string[]) => [...new Set(campos)].sort((a, b) => (ORDEN.get(a) ?? ORDEN.size) - (ORDEN.get(b) ?? ORDEN.size));

/** Several fields' names, for a sentence ("Nombre comercial, Teléfono"), each once, in the dictionary's order. */
export const etiquetasCampos = (campos: string[]) => [...new Set(enOrden(campos).map(etiquetaCampo))].join(', ');

/** A stored value as a person reads it: a dash for nothing, Sí/No, names for codes, dates YYYY-MM-DD, money 2 decimals. */
export function valorLegible(campo: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const names = VALORES[campo];
  if (names && (typeof value === 'string' || typeof value === 'number') && names[value] !== undefined) return names[value];
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (DINERO.has(campo) && !Number.isNaN(Number(value))) return Number(value).toFixed(2);
  if (Array.isArray(value)) {
    if (!value.length) return '—';
    const objects = value.some((item) => item !== null && typeof item === 'object');
    return value.map((item) => valorLegible(campo, item)).join(objects ? '; ' : ', ');
  }
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${etiquetaCampo(key)}: ${valorLegible(key, inner)}`)
      .join(', ');
  if (typeof value === 'string' && MOMENTO.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return String(value);
}

/** One field of an entry as a person reads it: its label and its value before and after (undefined: it had none). */
type CambioLegible = { campo: string; etiqueta: string; antes?: string; despues?: string };

type Valores = Record<string, unknown> | null | undefined;

/** An id's value with the name the same side of the entry carries: "Plan Básico (N° 4)". */
function conNombre(campo: string, valores: Valores): string | undefined {
  if (!valores || !(campo in valores)) return undefined;
  const value = valores[campo];
  const nombre = NOMBRE_DE[campo] ? valores[NOMBRE_DE[campo]] : undefined;
  if (nombre !== undefined && nombre !== null && nombre !== '' && value !== null && value !== undefined)
    return `${String(nombre)} (N° ${String(value)})`;
  return valorLegible(campo, value);
}

/**
 * The fields an entry touched, in the dictionary's order (jsonb keeps its own), each with its label
 * and its values as people read them; a name that travels beside its id is shown with the id, not on its own line.
 */
export function cambiosLegibles(antes: Valores, despues: Valores): CambioLegible[] {
  const campos = enOrden([...Object.keys(despues ?? {}), ...Object.keys(antes ?? {})]);
  const nombres = new Set(
    Object.entries(NOMBRE_DE)
      .filter(([id]) => campos.includes(id))
      .map(([, nombre]) => nombre),
  );
  return campos
    .filter((campo) => !nombres.has(campo))
    .map((campo) => ({ campo, etiqueta: etiquetaCampo(campo), antes: conNombre(campo, antes), despues: conNombre(campo, despues) }));
}
