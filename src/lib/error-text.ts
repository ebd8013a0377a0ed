import type { IntlShape } from 'react-intl';
import { defineMessages, type Message } from '../i18n/define-messages.ts';
import { ApiError } from './api-error.ts';

/**
 * The app's own text for each error code the API answers (`code` beside `message`): one entry per
 * code, so both languages say what the server means. A code missing here shows the server's
 * message as it is.
 */
export const errorMessages = defineMessages({
  // Sign-in, registration and profile
  unauthorized: { id: 'error.unauthorized', defaultMessage: 'Your session has expired. Please log in again.' },
  token_required: { id: 'error.token_required', defaultMessage: 'Please log in to do this.' },
  permission_required: { id: 'error.permission_required', defaultMessage: 'Your account does not have the permission to do this.' },
  email_taken: { id: 'error.email_taken', defaultMessage: 'An account with this email already exists.' },
  email_required: { id: 'error.email_required', defaultMessage: 'Enter your email address.' },
  email_invalid: { id: 'error.email_invalid', defaultMessage: 'Enter a valid email address.' },
  first_name_required: { id: 'error.first_name_required', defaultMessage: 'Enter your first name.' },
  last_name_required: { id: 'error.last_name_required', defaultMessage: 'Enter your last name.' },
  first_name_too_long: { id: 'error.first_name_too_long', defaultMessage: 'The first name can be at most 100 characters.' },
  last_name_too_long: { id: 'error.last_name_too_long', defaultMessage: 'The last name can be at most 100 characters.' },
  control_character: { id: 'error.control_character', defaultMessage: 'A field holds an invisible control character: retype it.' },
  language_invalid: { id: 'error.language_invalid', defaultMessage: 'Choose a language from the list.' },
  timezone_invalid: { id: 'error.timezone_invalid', defaultMessage: 'Choose a time zone such as Europe/Paris.' },
  darkmode_invalid: { id: 'error.darkmode_invalid', defaultMessage: 'Dark mode must be on or off.' },
  body_invalid: { id: 'error.body_invalid', defaultMessage: 'The form could not be read. Reload the page and try again.' },
  registration_throttled: { id: 'error.registration_throttled', defaultMessage: 'Too many accounts were created from your network. Please try again later.' },
  registration_unavailable: { id: 'error.registration_unavailable', defaultMessage: 'Accounts cannot be created on this server.' },
  mail_unavailable: { id: 'error.mail_unavailable', defaultMessage: 'The email to set your password could not be sent. Please try again later.' },
  // Catalogue lists
  filter_unknown: { id: 'error.filter_unknown', defaultMessage: 'This list cannot be filtered that way.' },
  filter_invalid: { id: 'error.filter_invalid', defaultMessage: 'A filter is not valid: check its value.' },
  sort_invalid: { id: 'error.sort_invalid', defaultMessage: 'This list cannot be sorted that way.' },
  set_not_found: { id: 'error.set_not_found', defaultMessage: 'This set is not in the catalogue.' },
  // Identification
  photo_missing: { id: 'error.photo_missing', defaultMessage: 'No photo was received. Please try again.' },
  photo_empty: { id: 'error.photo_empty', defaultMessage: 'The photo is empty. Please take it again.' },
  photo_too_large: { id: 'error.photo_too_large', defaultMessage: 'The photo is too large. Send a smaller one.' },
  photo_form_too_large: { id: 'error.photo_form_too_large', defaultMessage: 'The upload holds too many parts. Send one photo at a time.' },
  photo_not_multipart: { id: 'error.photo_not_multipart', defaultMessage: 'The photo was not sent as a form upload.' },
  photo_form_unreadable: { id: 'error.photo_form_unreadable', defaultMessage: 'The upload could not be read. Please try again.' },
  photo_not_an_image: { id: 'error.photo_not_an_image', defaultMessage: 'This file is not an image: send a JPEG, PNG or WebP photo of the card.' },
  photo_unsupported_format: { id: 'error.photo_unsupported_format', defaultMessage: 'This image format is not supported: send a JPEG, PNG or WebP photo of the card.' },
  photo_unreadable: { id: 'error.photo_unreadable', defaultMessage: 'The image is damaged or incomplete and cannot be read.' },
  photo_too_many_pixels: { id: 'error.photo_too_many_pixels', defaultMessage: 'The image has too many pixels. Send a smaller photo.' },
  identify_not_ready: { id: 'error.identify_not_ready', defaultMessage: 'Identification is getting ready. Please try again in a moment.' },
  identify_busy: { id: 'error.identify_busy', defaultMessage: 'The server is busy identifying other photos. Please try again in a moment.' },
  upload_busy: { id: 'error.upload_busy', defaultMessage: 'The server is receiving many photos. Please try again in a moment.' },
  // Collection and its CSV import (csv_syntax, csv_header and import_refused name a line: the server's text is shown)
  quantity_cap: { id: 'error.quantity_cap', defaultMessage: 'You can hold at most 9,999 copies of a card in one condition.' },
  import_in_progress: { id: 'error.import_in_progress', defaultMessage: 'Another file of yours is still being checked or imported. Wait for it to finish, then try again.' },
  import_busy: { id: 'error.import_busy', defaultMessage: 'The server is reading many files. Please try again in a moment.' },
  import_too_many_rows: { id: 'error.import_too_many_rows', defaultMessage: 'The file has more than 50,000 rows: split it and import each part.' },
  import_too_large: { id: 'error.import_too_large', defaultMessage: 'The file is over 5 MB: split it and import each part.' },
  import_media_type: { id: 'error.import_media_type', defaultMessage: 'The file was not sent as CSV text. Reload the page and try again.' },
  import_empty: { id: 'error.import_empty', defaultMessage: 'The file is empty: its first line must name the columns.' },
  import_no_rows: { id: 'error.import_no_rows', defaultMessage: 'The file has no rows to import.' },
  csv_not_utf8: { id: 'error.csv_not_utf8', defaultMessage: 'The file is not CSV text in UTF-8: save it as "CSV UTF-8" and try again.' },
  csv_binary: { id: 'error.csv_binary', defaultMessage: 'The file is not CSV text. Choose a .csv file.' },
  // Any request
  not_found: { id: 'error.not_found', defaultMessage: 'This was not found.' },
  too_many_requests: { id: 'error.too_many_requests', defaultMessage: 'Too many requests. Please wait a moment and try again.' },
  payload_too_large: { id: 'error.payload_too_large', defaultMessage: 'What you sent is too large.' },
  request_timeout: { id: 'error.request_timeout', defaultMessage: 'The upload took too long. Please try again.' },
  uri_too_long: { id: 'error.uri_too_long', defaultMessage: 'The address is too long: use fewer filters.' },
  service_unavailable: { id: 'error.service_unavailable', defaultMessage: 'The server is unavailable. Please try again later.' },
});

/** The app's message for an error code, or undefined for a code it does not know. */
export function errorMessageOf(code: string | undefined): Message | undefined {
  return code !== undefined && Object.hasOwn(errorMessages, code) ? errorMessages[code as keyof typeof errorMessages] : undefined;
}

/** What to show for a failure: the app's translated text for a known code, else the error's own message. */
export function errorText(intl: Pick<IntlShape, 'formatMessage'>, error: unknown): string {
  const known = error instanceof ApiError ? errorMessageOf(error.code) : undefined;
  if (known) return intl.formatMessage(known);
  return error instanceof Error ? error.message : String(error);
}
