'use client';

import { PlusIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { Building } from '../types';
import { ChargeRuleCard } from './charge-rule-card';
import { MAX_RULES } from './charge-rules';
import { ChargesPreview } from './charges-preview';
import { useChargeRules } from './use-charge-rules';

/**
 * A building's charge rules (one invoice line each), edited as a list and saved together, with a live
 * preview of one month's charges per apartment computed by the server from the unsaved rules.
 */
export function ChargeRulesEditor({ building }: { building: Building }) {
  const t = useTranslations('ChargeRules');
  const sectionRef = useRef<HTMLElement>(null);
  const rules = useChargeRules(building, sectionRef);
  const { drafts, dirty } = rules;

  return (
    <section ref={sectionRef} aria-labelledby="charge-rules-heading" className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h2 id="charge-rules-heading" className="text-lg font-semibold">
          {t('heading')}
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          {t('intro')}
        </p>
      </div>

      <form onSubmit={rules.submit} noValidate className="grid min-w-0 gap-4">
        {!rules.saving && rules.formError && <ErrorAlert>{rules.formError}</ErrorAlert>}
        {rules.listErrors.length > 0 && <ErrorAlert>{rules.listErrors.join(' ')}</ErrorAlert>}
        {rules.notice && <Notice>{rules.notice}</Notice>}

        {drafts.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            {t('empty')}
          </p>
        ) : (
          <ol aria-label={t('heading')} className="grid gap-3">
            {drafts.map((draft, index) => (
              <li key={draft.key}>
                <ChargeRuleCard
                  draft={draft}
                  index={index}
                  count={drafts.length}
                  currency={building.currency}
                  errorAt={(field) => rules.errorAt(index, field)}
                  onChange={(patch) => rules.change(index, patch)}
                  onMove={(direction) => rules.moveRule(index, direction)}
                  onRemove={() => rules.removeRule(index)}
                />
              </li>
            ))}
          </ol>
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <Button data-focus="add-rule" variant="outline" onClick={rules.addRule} disabled={drafts.length >= MAX_RULES}>
            <PlusIcon aria-hidden="true" />
            {t('addRule')}
          </Button>
          <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row sm:items-center">
            {dirty && (
              <Badge variant="warning" className="self-start sm:self-center">
                {t('unsaved')}
              </Badge>
            )}
            {dirty && (
              <Button variant="ghost" onClick={rules.discard}>
                {t('discard')}
              </Button>
            )}
            <Button type="submit" aria-disabled={rules.saving} className="aria-disabled:opacity-60">
              {rules.saving ? t('saving') : t('save')}
            </Button>
          </div>
        </div>
      </form>

      <ChargesPreview building={building} {...rules.preview} ruleCount={drafts.length} dirty={dirty} />
    </section>
  );
}
