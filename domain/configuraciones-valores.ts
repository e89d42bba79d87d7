/**
 * What each value of each global setting means, by position (SETTING_POSITION of configuraciones.ts): the settings
 * forms (SETTING_FORMS), the checks both the form and the server apply (checkSettingValue), the list's summary and the
 * white-label image rule. Only the back office and the server load it; the public pages read configuraciones.ts alone.
 */
import { EMAIL_PATTERN } from './identifiers';
import { formatBytes, type UploadRule } from './archivos';
import { SETTING_POSITION, VALUE_KEYS, type SettingRow, type ValueKey } from './configuraciones';

// ---------------------------------------------------------------------------------------------------------------------
// What each value means: one form per setting.

/**
 * How a value is edited and checked: free text, an e-mail address, a phone number shown as text, a phone link (stored
 * as tel:+593…), a web address (http or https), a switch (si / no), one of a few choices, an image (uploaded), a size in bytes.
 */
export type ValueKind = 'text' | 'email' | 'phone' | 'tel' | 'url' | 'switch' | 'choice' | 'image' | 'bytes';

export type SettingField = {
  key: ValueKey;
  label: string;
  kind: ValueKind;
  help?: string;
  /** A choice's values and labels. */
  choices?: ReadonlyArray<{ id: string; name: string }>;
  /** Cannot be left empty. */
  required?: boolean;
};

export type SettingForm = {
  /** What the setting is for, shown above its values. */
  description: string;
  fields: readonly SettingField[];
};

export const SRI_ENVIRONMENTS = [
  { id: '1', name: 'Pruebas' },
  { id: '2', name: 'Producción' },
] as const;

export const PLAN_TYPES = [
  { id: 'V', name: 'Ventas' },
  { id: 'C', name: 'Compras' },
  { id: 'T', name: 'Todos' },
] as const;

/** The form of each known setting, by position. A setting not listed here is edited as eight plain texts. */
export const SETTING_FORMS: Readonly<Record<number, SettingForm>> = {
  [SETTING_POSITION.contact]: {
    description: 'Los datos de contacto que ve el cliente bajo el ingreso de empresas (sin marca blanca).',
    fields: [
      { key: 'CON_VALOR1', label: 'Teléfono', kind: 'phone', help: 'Con código de país, p. ej. +593 2 600 1234' },
      { key: 'CON_VALOR2', label: 'Correo de contacto', kind: 'email' },
      { key: 'CON_VALOR3', label: 'Dirección', kind: 'text' },
      { key: 'CON_VALOR4', label: 'Horario de atención', kind: 'text', help: 'P. ej. Lunes a viernes, 08:00 a 18:00' },
    ],
  },
  [SETTING_POSITION.whiteLabelTitle]: {
    description: 'El nombre con que se presenta el producto cuando la marca blanca está activa.',
    fields: [
      { key: 'CON_VALOR1', label: 'Nombre comercial', kind: 'text' },
      {
        key: 'CON_VALOR2',
        label: 'Título de la página',
        kind: 'text',
        help: 'Se muestra en la pestaña del navegador y como texto del logo; vacío, se usa el de Amelia',
      },
    ],
  },
  [SETTING_POSITION.supportLinks]: {
    description: 'Los tres botones de soporte del ingreso con marca blanca. Un enlace vacío oculta su botón.',
    fields: [
      { key: 'CON_VALOR1', label: 'Enlace del chat', kind: 'url', help: 'Dirección web, p. ej. https://wa.me/593999999999' },
      { key: 'CON_VALOR2', label: 'Teléfono de soporte', kind: 'tel', help: 'Con código de país, p. ej. +593 2 600 1234' },
      { key: 'CON_VALOR3', label: 'Sitio web', kind: 'url', help: 'Dirección web, p. ej. https://www.amelia.ec' },
    ],
  },
  [SETTING_POSITION.supportAddress]: {
    description: 'El correo al que llega el aviso de cada ticket de soporte nuevo.',
    fields: [{ key: 'CON_VALOR1', label: 'Correo de soporte', kind: 'email' }],
  },
  [SETTING_POSITION.defaultPlanType]: {
    description: 'El tipo de plan que el catálogo de planes muestra al abrirse.',
    fields: [{ key: 'CON_VALOR1', label: 'Tipo de plan por defecto', kind: 'choice', choices: PLAN_TYPES, required: true }],
  },
  [SETTING_POSITION.images]: {
    description: 'Las imágenes de la marca blanca. Cada imagen se guarda al subirla; sin imagen, se usa la de Amelia.',
    fields: [
      { key: 'CON_VALOR6', label: 'Logo', kind: 'image', help: 'Encabeza las pantallas de ingreso' },
      { key: 'CON_VALOR7', label: 'Portada', kind: 'image', help: 'Fondo de las pantallas de ingreso' },
      { key: 'CON_VALOR8', label: 'Favicon', kind: 'image', help: 'El ícono de la pestaña del navegador' },
    ],
  },
  [SETTING_POSITION.sriEnvironment]: {
    description: 'El ambiente del SRI al que se envían los comprobantes electrónicos.',
    fields: [{ key: 'CON_VALOR1', label: 'Ambiente del SRI', kind: 'choice', choices: SRI_ENVIRONMENTS, required: true }],
  },
  [SETTING_POSITION.uploadLimit]: {
    description: 'El peso máximo de los archivos que se pueden cargar.',
    fields: [{ key: 'CON_VALOR1', label: 'Límite de carga (bytes)', kind: 'bytes', required: true, help: 'En bytes: 1 MB son 1048576' }],
  },
  [SETTING_POSITION.socialNetworks]: {
    description: 'Las páginas del proveedor en redes sociales.',
    fields: [
      { key: 'CON_VALOR1', label: 'Facebook', kind: 'url' },
      { key: 'CON_VALOR2', label: 'Instagram', kind: 'url' },
    ],
  },
  [SETTING_POSITION.whiteLabelSwitch]: {
    description:
      'Con la marca blanca activa, las pantallas de ingreso muestran el nombre, el logo, la portada y el favicon configurados, y los botones de soporte; el cambio se ve en la siguiente carga de la página.',
    fields: [{ key: 'CON_VALOR1', label: 'Marca blanca activa', kind: 'switch' }],
  },
};

/** A value's label: the form's, or "Valor n" for a value the form does not name. */
export function valueLabel(code: number, key: ValueKey): string {
  return SETTING_FORMS[code]?.fields.find((f) => f.key === key)?.label ?? `Valor ${key.slice(-1)}`;
}

/** The field that describes a value, or a plain text for a value the setting's form does not name. */
export function settingField(code: number, key: ValueKey): SettingField {
  return SETTING_FORMS[code]?.fields.find((f) => f.key === key) ?? { key, label: valueLabel(code, key), kind: 'text' };
}

// ---------------------------------------------------------------------------------------------------------------------
// Checks: the form shows the same message the server answers.

export const SWITCH_ON = 'si';
export const SWITCH_OFF = 'no';

const HTTP_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+[^\s]*$/i;
const PHONE_TEXT = /^\+?[0-9][0-9 ()-]{5,24}$/;
const SITE_PATH = /^\/[A-Za-z0-9._~/%-]*$/;

/** The digits of a phone link, with its leading +: "tel:+593 2 600-1234" → "+59326001234". */
export const phoneDigits = (value: string) => value.replace(/^tel:/i, '').replace(/[\s()-]/g, '');

export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The value as it is stored, or the Spanish reason it is refused. null and '' mean "empty" and pass unless required. */
export function checkSettingValue(field: SettingField, raw: string | null): { value: string | null } | { error: string } {
  const label = `«${field.label}»`;
  const value = raw === null ? null : raw.trim();
  if (!value) {
    if (field.required || field.kind === 'switch') return { error: `El campo ${label} es obligatorio` };
    // an empty text stays an empty text, null stays null
    return { value: raw === null ? null : '' };
  }
  switch (field.kind) {
    case 'text':
      return { value: raw };
    case 'email':
      return new RegExp(EMAIL_PATTERN).test(value) ? { value } : { error: `El campo ${label} debe ser un correo electrónico válido` };
    case 'phone':
      return PHONE_TEXT.test(value) && phoneDigits(value).replace('+', '').length >= 6
        ? { value }
        : { error: `El campo ${label} debe ser un número de teléfono, p. ej. +593 2 600 1234` };
    case 'tel': {
      const digits = phoneDigits(value);
      return /^\+?[0-9]{6,15}$/.test(digits) && PHONE_TEXT.test(value.replace(/^tel:/i, ''))
        ? { value: `tel:${digits}` }
        : { error: `El campo ${label} debe ser un número de teléfono, p. ej. +593 2 600 1234` };
    }
    case 'url':
      return isHttpUrl(value) ? { value } : { error: `El campo ${label} debe ser una dirección web que empiece con https://` };
    case 'switch': {
      const lower = value.toLowerCase();
      return lower === SWITCH_ON || lower === SWITCH_OFF ? { value: lower } : { error: `El campo ${label} admite solo si o no` };
    }
    case 'choice': {
      const found = field.choices?.find((c) => c.id.toLowerCase() === value.toLowerCase());
      return found
        ? { value: found.id }
        : { error: `El campo ${label} admite solo ${field.choices?.map((c) => `${c.id} (${c.name})`).join(', ')}` };
    }
    case 'image':
      return SITE_PATH.test(value) || isHttpUrl(value)
        ? { value }
        : { error: `El campo ${label} debe ser una imagen subida, una ruta del sitio (/…) o una dirección web` };
    case 'bytes': {
      const bytes = Number(value);
      return /^[0-9]{1,10}$/.test(value) && bytes >= 1024 && bytes <= 1_073_741_824
        ? { value: String(bytes) }
        : { error: `El campo ${label} debe ser un número de bytes entre 1024 y 1073741824` };
    }
  }
}

/** What the settings list shows of a row: its named values, in words ("Activa", "Pruebas", "15.0 MB", a link). */
export function settingSummary(row: SettingRow): string {
  const form = SETTING_FORMS[row.CON_CODIGO];
  const fields = form?.fields ?? VALUE_KEYS.map((key) => settingField(row.CON_CODIGO, key));
  const parts: string[] = [];
  for (const field of fields) {
    const value = row[field.key]?.trim();
    if (field.kind === 'switch') {
      parts.push(value?.toLowerCase() === SWITCH_ON ? 'Activa' : 'Inactiva');
      continue;
    }
    if (!value) continue;
    if (field.kind === 'choice') parts.push(`${field.label}: ${field.choices?.find((c) => c.id === value)?.name ?? value}`);
    else if (field.kind === 'bytes') parts.push(Number(value) > 0 ? formatBytes(Number(value)) : value);
    else if (field.kind === 'image') parts.push(`${field.label}: ${value.startsWith(SETTING_IMAGE_PATH) ? 'imagen subida' : value}`);
    else if (field.kind === 'tel') parts.push(value.replace(/^tel:/i, ''));
    else parts.push(value);
  }
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------------------------------
// Images (logo, cover, favicon): uploaded, then served publicly so that the sign-in pages can show them.

export const IMAGE_MSG = {
  fileType: 'La imagen debe ser PNG, JPG, SVG o ICO',
  fileSize: 'La imagen supera el peso máximo de 2 MB',
  badSvg: 'La imagen SVG no es válida',
  notImage: 'Esta configuración no tiene una imagen en ese valor',
  saved: 'Imagen guardada',
  noImage: 'No existe esa imagen',
} as const;

/** A white-label image: PNG, JPEG, SVG (sanitized on the server) or ICO, up to 2 MB. */
export const SETTING_IMAGE: UploadRule = {
  kinds: ['png', 'jpg', 'svg', 'ico'],
  extensions: ['png', 'jpg', 'jpeg', 'svg', 'ico'],
  accept: '.png,.jpg,.jpeg,.svg,.ico,image/png,image/jpeg,image/svg+xml,image/x-icon,image/vnd.microsoft.icon',
  maxBytes: 2 * 1024 * 1024,
  typeMessage: IMAGE_MSG.fileType,
  sizeMessage: IMAGE_MSG.fileSize,
};

/** Where an uploaded setting image is served, followed by its file id; the value stored is this path. */
export const SETTING_IMAGE_PATH = '/api/EmpresasAmelia/configuraciones/imagen/';
export const settingImageUrl = (fileId: string) => `${SETTING_IMAGE_PATH}${fileId}`;
/** The file id of a value that points at an uploaded image, or null. */
export const uploadedImageId = (value: string | null | undefined): string | null => {
  const match = value?.match(/^\/api\/EmpresasAmelia\/configuraciones\/imagen\/([0-9a-f]{32})$/);
  return match ? match[1] : null;
};

/** True when the value `key` of setting `code` is an image (it can be uploaded). */
export const isImageValue = (code: number, key: string): key is ValueKey =>
  SETTING_FORMS[code]?.fields.some((f) => f.key === key && f.kind === 'image') ?? false;
