/**
 * The global settings arrive as an array read by position (spec §3). This is the only module that knows
 * the positions; everything else uses the named Settings it returns.
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

const POSITION = { contact: 0, whiteLabelTitle: 1, supportLinks: 2, images: 5, whiteLabelSwitch: 9 } as const;

export function readSettings(rows: SettingRow[]): Settings {
  const at = (position: number) => rows[position];
  const whiteLabel = at(POSITION.whiteLabelSwitch)?.CON_VALOR1?.trim().toLowerCase() === 'si';
  const images = at(POSITION.images);
  const contact = at(POSITION.contact);
  const links = at(POSITION.supportLinks);
  return {
    whiteLabel,
    title: whiteLabel ? at(POSITION.whiteLabelTitle)?.CON_VALOR2 || AMELIA.title : AMELIA.title,
    logo: whiteLabel ? images?.CON_VALOR6 || AMELIA.logo : AMELIA.logo,
    cover: whiteLabel ? images?.CON_VALOR7 || null : null,
    favicon: whiteLabel ? images?.CON_VALOR8 || AMELIA.favicon : AMELIA.favicon,
    contact: {
      phone: contact?.CON_VALOR1 ?? '', email: contact?.CON_VALOR2 ?? '', address: contact?.CON_VALOR3 ?? '', hours: contact?.CON_VALOR4 ?? '',
    },
    support: { chat: links?.CON_VALOR1 ?? '', phone: links?.CON_VALOR2 ?? '', website: links?.CON_VALOR3 ?? '' },
  };
}
