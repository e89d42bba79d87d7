/**
 * The global settings arrive as an array read by position. This is the only module that knows
 * which row holds what; the web app and the server both read the settings through it. What each value means (the
 * settings forms, the server's checks) is in configuraciones-valores.ts, by these positions: kept apart so that the
 * public pages, which only read the settings, do not download the forms.
 */

export type SettingRow = {
  CON_CODIGO: number;
  CON_NOMBRE: string;
  CON_VALOR1: string | null;
  CON_VALOR2: string | null;
  CON_VALOR3: string | null;
  CON_VALOR4: string | null;
  CON_VALOR5: string | null;
  CON_VALOR6: string | null;
  CON_VALOR7: string | null;
  CON_VALOR8: string | null;
};

export const VALUE_KEYS = [
  'CON_VALOR1',
  'CON_VALOR2',
  'CON_VALOR3',
  'CON_VALOR4',
  'CON_VALOR5',
  'CON_VALOR6',
  'CON_VALOR7',
  'CON_VALOR8',
] as const;
export type ValueKey = (typeof VALUE_KEYS)[number];

/** Row of each setting (its CON_CODIGO, which is also its index in the array). */
export const SETTING_POSITION = {
  /** Phone, email, address and opening hours in values 1-4. */
  contact: 0,
  /** White-label commercial name in value 1, title in value 2. */
  whiteLabelTitle: 1,
  /** Support chat, phone and website links in values 1-3. */
  supportLinks: 2,
  /** Address that receives new-ticket notices in value 1. */
  supportAddress: 3,
  /** The plan catalogue's default type in value 1 (V, C or T). */
  defaultPlanType: 4,
  /** White-label logo, cover and favicon in values 6, 7 and 8. */
  images: 5,
  /** SRI environment in value 1: 1 pruebas, 2 producción. */
  sriEnvironment: 6,
  /** Upload size limit in bytes in value 1. */
  uploadLimit: 7,
  /** Facebook and Instagram pages in values 1 and 2. */
  socialNetworks: 8,
  /** White label is on when value 1 is "si". */
  whiteLabelSwitch: 9,
} as const;

export type Settings = {
  whiteLabel: boolean;
  title: string;
  logo: string;
  cover: string | null;
  favicon: string;
  contact: { phone: string; email: string; address: string; hours: string };
  support: { chat: string; phone: string; website: string };
};

const AMELIA = { title: 'Amelia — Facturación electrónica', logo: '/amelia/logo.svg', favicon: '/amelia/favicon.svg' };

export function readSettings(rows: SettingRow[]): Settings {
  const at = (position: number) => rows[position];
  const whiteLabel = at(SETTING_POSITION.whiteLabelSwitch)?.CON_VALOR1?.trim().toLowerCase() === 'si';
  const images = at(SETTING_POSITION.images);
  const contact = at(SETTING_POSITION.contact);
  const links = at(SETTING_POSITION.supportLinks);
  return {
    whiteLabel,
    title: whiteLabel ? at(SETTING_POSITION.whiteLabelTitle)?.CON_VALOR2 || AMELIA.title : AMELIA.title,
    logo: whiteLabel ? images?.CON_VALOR6 || AMELIA.logo : AMELIA.logo,
    cover: whiteLabel ? images?.CON_VALOR7 || null : null,
    favicon: whiteLabel ? images?.CON_VALOR8 || AMELIA.favicon : AMELIA.favicon,
    contact: {
      phone: contact?.CON_VALOR1 ?? '',
      email: contact?.CON_VALOR2 ?? '',
      address: contact?.CON_VALOR3 ?? '',
      hours: contact?.CON_VALOR4 ?? '',
    },
    support: { chat: links?.CON_VALOR1 ?? '', phone: links?.CON_VALOR2 ?? '', website: links?.CON_VALOR3 ?? '' },
  };
}
