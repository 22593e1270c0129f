import type { Translate } from '@/app/portal/translate';
import { checkWithSchema } from '@/lib/schema-check';
import { CreateApiKeyInput } from '@/server/api/schemas/api-keys';

/** A new key's name checked as the server checks it: the trimmed name, or why it would be refused. `t`: namespace Settings, `fieldT`: FieldErrors. */
export function checkKeyName(name: string, t: Translate, fieldT: Translate): { name: string; error?: undefined } | { name?: undefined; error: string } {
  const { data, errors } = checkWithSchema(CreateApiKeyInput, { name }, fieldT, (issue) => (issue.code === 'too_small' ? t('apiKeys.nameMissing') : undefined));
  return data ? { name: data.name } : { error: errors.name ?? Object.values(errors)[0]! };
}
