import { checkWithSchema } from '@/lib/schema-check';
import { fieldErrorText, fieldErrors, type ErrorWords } from '@/lib/trpc/errors';
import { CreateMaintenanceRequestInput } from '@/server/api/schemas/maintenance';
import { createTranslator } from 'next-intl';
import en from '@/messages/en/portal.json';
import type { Translate } from '../../translate';

/** The server's limits: its schema's (server/api/schemas/maintenance.ts), and the uploads' (server/services/uploads). */
export { MAX_REQUEST_DESCRIPTION as MAX_DESCRIPTION, MAX_REQUEST_TITLE as MAX_TITLE } from '@/server/api/schemas/maintenance';
export const MAX_PHOTOS = 5;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const REQUEST_FIELDS = ['apartment', 'title', 'description'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];
export type RequestErrors = Partial<Record<RequestField, string>>;
type UploadResult = { id: string } | { error: string };

/** English, for callers outside the portal that have no translator (the manager's logo upload). */
const english: Translate = createTranslator({ locale: 'en', messages: en, namespace: 'PortalRequests' }) as Translate;

/** The request as typed, checked before it is sent (`t`: the `PortalRequests` translator, `fieldT` the `FieldErrors` one). */
export function checkRequest(apartmentId: string, title: string, description: string, t: Translate, fieldT: Translate): RequestErrors {
  const found: RequestErrors = {};
  if (!apartmentId) found.apartment = t('check.chooseApartment');
  // Lengths by the server's own schema; an empty field in the form's words.
  const checked = checkWithSchema(CreateMaintenanceRequestInput.pick({ title: true, description: true }), { title: title.trim(), description: description.trim() }, fieldT);
  if (!title.trim()) found.title = t('check.enterTitle');
  else if (checked.errors?.title) found.title = checked.errors.title;
  if (!description.trim()) found.description = t('check.describe');
  else if (checked.errors?.description) found.description = checked.errors.description;
  return found;
}

/** The server's refusal: errors at the fields, and whether a photo was the problem. */
export function requestFailure(error: unknown, words: ErrorWords): { errors: RequestErrors; photoProblem: boolean } {
  const errors: RequestErrors = {};
  let photoProblem = false;
  for (const e of fieldErrors(error)) {
    if (e.path === 'title' || e.path === 'description') errors[e.path] = fieldErrorText(e, words);
    else if (e.path === 'apartmentId') errors.apartment = fieldErrorText(e, words);
    else if (e.path.startsWith('photoIds')) photoProblem = true;
  }
  return { errors, photoProblem };
}

/**
 * The files chosen, as far as there is room for them: those to upload, and why the others are left out.
 * Size and type are checked here too, so a phone does not send megabytes that the server would refuse.
 */
export function choosePhotos(files: File[], alreadyChosen: number, t: Translate): { accepted: Array<{ file: File; name: string }>; problems: string[] } {
  const problems: string[] = [];
  const room = Math.max(MAX_PHOTOS - alreadyChosen, 0);
  if (files.length > room) {
    const left = files.length - room;
    problems.push(t('photos.tooMany', { max: MAX_PHOTOS, left }));
  }
  const accepted: Array<{ file: File; name: string }> = [];
  for (const file of files.slice(0, room)) {
    const name = file.name || t('photos.unnamed');
    if (file.size > MAX_PHOTO_BYTES) problems.push(t('photos.tooLarge', { name }));
    else if (file.type && !file.type.startsWith('image/')) problems.push(t('photos.notAPhoto', { name }));
    else accepted.push({ file, name });
  }
  return { accepted, problems };
}

/** Uploads one photo; the answer is the upload's id or a sentence (by `t`, else in English) saying why it was refused. */
export async function uploadPhoto(file: File, signal: AbortSignal, t: Translate = english): Promise<UploadResult> {
  const name = file.name || t('photos.unnamed');
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', body, signal });
  } catch {
    return { error: t('photos.offline', { name }) };
  }
  if (response.status === 201) {
    const json = (await response.json().catch(() => null)) as { data?: { id?: unknown } } | null;
    if (typeof json?.data?.id === 'string') return { id: json.data.id };
  }
  switch (response.status) {
    case 413:
      return { error: t('photos.tooLarge', { name }) };
    case 415:
      return { error: t('photos.notAPhoto', { name }) };
    case 401:
      return { error: t('photos.sessionEnded') };
    case 429:
      return { error: t('photos.tooManyUploads') };
    default:
      return { error: t('photos.failed', { name }) };
  }
}
