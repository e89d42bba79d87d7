/** The company's logo for printed documents: its upload rule and texts (only the company page and its route need them). */
import type { UploadRule } from './archivos';

/** Why a logo is refused. */
export const LOGO_MSG = {
  fileType: 'El logo debe ser una imagen PNG o JPG',
  fileSize: 'El logo supera el peso máximo de 1 MB',
} as const;

/** The company's logo for printed documents (the RIDE): a PNG or JPEG image up to 1 MB. */
export const LOGO_FILE: UploadRule = {
  kinds: ['png', 'jpg'],
  extensions: ['png', 'jpg', 'jpeg'],
  accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
  maxBytes: 1_048_576,
  typeMessage: LOGO_MSG.fileType,
  sizeMessage: LOGO_MSG.fileSize,
};
