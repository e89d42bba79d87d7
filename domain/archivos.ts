import { MSG } from './messages';

/** File kinds the server recognises by extension and by content (server/infra/files.ts holds the signatures). */
export type FileKind =
  'zip' | 'rar' | 'pdf' | 'png' | 'jpg' | 'svg' | 'ico' | 'p12' | 'webp' | 'docx' | 'xlsx' | 'odt' | 'ods' | 'doc' | 'xls';

export type UploadRule = {
  /** Kinds accepted; the name's extension and the first bytes must both match one of them. */
  kinds: readonly FileKind[];
  /** Extensions the name may end in (lower case, no dot). */
  extensions: readonly string[];
  /** The file input's accept attribute. */
  accept: string;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
};

/** Ticket attachment: zip or rar up to 50769298 bytes; the picker also offers 7z, as the published form does (the server refuses it). */
export const TICKET_FILE: UploadRule = {
  kinds: ['zip', 'rar'],
  extensions: ['zip', 'rar'],
  accept: '.zip,.rar,.7z,application/zip,application/x-rar-compressed,application/x-7z-compressed',
  maxBytes: 50_769_298,
  typeMessage: MSG.ticketFileType,
  sizeMessage: MSG.ticketFileSize,
};

/** A payment proof (registration, company payments): PDF, JPG or PNG up to the general 15 MB limit. */
export const PAYMENT_FILE: UploadRule = {
  kinds: ['pdf', 'jpg', 'png'],
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  accept: '.pdf,.jpg,.jpeg,.png',
  maxBytes: 15_728_640,
  typeMessage: MSG.paymentFileType,
  sizeMessage: MSG.paymentFileSize,
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The message to show for a chosen file, or null when the browser-side checks pass (the server checks again). */
export function fileChoiceProblem(rule: UploadRule, file: { name: string; size: number }): string | null {
  if (!rule.extensions.includes(extensionOf(file.name))) return rule.typeMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  return null;
}

/** A file size for people: "87 kB", "12.4 MB". */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
