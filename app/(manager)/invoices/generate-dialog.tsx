'use client';

import { useTranslations } from 'next-intl';
import { FormDialog } from '@/components/ui/form-dialog';
import type { Building } from '../residents/apartment-directory';
import { ChooseStep } from './choose-step';
import type { Period } from './generation';
import { PreviewStep } from './preview-step';
import { ProgressStep } from './progress-step';
import { useGeneration } from './use-generation';

export type { Period } from './generation';

/** Choose buildings and a period, preview every apartment's invoice, then generate building by building. */
export function GenerateDialog({
  open,
  onOpenChange,
  buildings,
  onShowDrafts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: Building[];
  /** After generating: show the period's drafts in the list. */
  onShowDrafts: (period: Period) => void;
}) {
  const t = useTranslations('Invoices');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('generateInvoices')}
      description={t('generate.description')}
      className="max-w-3xl"
    >
      {({ finishWith, setBusy }) => <GenerateFlow buildings={buildings} onBusyChange={setBusy} onShowDrafts={finishWith(onShowDrafts)} />}
    </FormDialog>
  );
}

function GenerateFlow({
  buildings,
  onBusyChange,
  onShowDrafts,
}: {
  buildings: Building[];
  onBusyChange: (busy: boolean) => void;
  onShowDrafts: (period: Period) => void;
}) {
  const { step, setStep, selected, setSelected, period, setPeriod, chosen, generate, stopAfterCurrent } = useGeneration(buildings, onBusyChange);

  if (step.name === 'choose') {
    return (
      <ChooseStep
        buildings={buildings}
        selected={selected}
        onSelectedChange={setSelected}
        period={period}
        onPeriodChange={setPeriod}
        onNext={() => setStep({ name: 'preview' })}
      />
    );
  }
  if (step.name === 'preview') {
    return <PreviewStep buildings={chosen} period={period} onBack={() => setStep({ name: 'choose' })} onGenerate={() => void generate()} />;
  }
  return (
    <ProgressStep
      total={chosen.length}
      results={step.results}
      current={step.current}
      finished={step.name === 'done'}
      period={period}
      onStop={stopAfterCurrent}
      onShowDrafts={() => onShowDrafts(period)}
    />
  );
}
