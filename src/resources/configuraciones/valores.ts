import { checkSettingValue, SWITCH_OFF, SWITCH_ON, type SettingField } from '../../../domain/configuraciones-valores';
import { formatBytes } from '../../../domain/archivos';
import { API_URL } from '../../http/client';

/**
 * The settings form's logic, apart from its components: how each kind of value is shown and read back, and its check
 * (the server's, so the form says what the server would answer).
 */

/** An emptied box stores null (as the API expects to clear a value). */
export const emptyToNull = (value: string | null | undefined) => (value === '' || value === undefined ? null : value);

/** The switch is on when the value is "si" (any case, as the public pages read it). */
export const switchOn = (value: string | null | undefined) => value?.trim().toLowerCase() === SWITCH_ON;
export const switchValue = (on: boolean) => (on ? SWITCH_ON : SWITCH_OFF);

/** A phone link is shown as its number: "tel:+59326001234" → "+59326001234"; the server stores it as tel: again. */
export const telToText = (value: string | null | undefined) => (value ?? '').replace(/^tel:/i, '');

/** "15728640" → "15.0 MB"; empty or not a number → ''. */
export const bytesHint = (value: string | null | undefined) => {
  const bytes = Number(value);
  return value && /^[0-9]+$/.test(value.trim()) && bytes > 0 ? formatBytes(bytes) : '';
};

/**
 * The form's check of one value: the server's message, or undefined when it passes. A value left as it was is not
 * checked (the server does not check it either), so an old value never blocks saving the others.
 */
export const settingValidator = (field: SettingField, original: string | null | undefined) => (value: unknown) => {
  const current = value === undefined || value === null || value === '' ? null : String(value);
  if (current === (original ?? null) || (value === '' && original === '')) return undefined;
  const checked = checkSettingValue(field, current);
  return 'error' in checked ? checked.error : undefined;
};

/** Where the page loads an image value from: uploaded images are served by the API (which may live elsewhere). */
export const imageSrc = (value: string | null | undefined) =>
  value ? (API_URL && value.startsWith('/api/') ? `${API_URL}${value}` : value) : null;
