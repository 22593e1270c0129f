'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { PathErrors } from '@/lib/schema-check';
import { describeError, errorCode, errorsByPath, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { Building } from '../types';
import { useDebouncedValue } from '../use-debounced-value';
import { draftOf, emptyDraft, firstErrorFocus, listErrors, MAX_RULES, missingNames, rulePath, signature, toInput, type Draft, type DraftField, type RuleInput } from './charge-rules';

let newRuleCounter = 0;

/**
 * The charge rules being edited: the drafts, their errors (typed, from the preview, from the last save),
 * the server's preview of the unsaved rules, and saving them all together.
 */
export function useChargeRules(
  building: Building,
  /** The fields and buttons are found in it by their `data-focus`. */
  sectionRef: RefObject<HTMLElement | null>,
) {
  const words = useErrorWords();
  const t = useTranslations('ChargeRules');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => building.chargeRules.map(draftOf));
  const [savedSignature, setSavedSignature] = useState(() => signature(building.chargeRules.map(draftOf)));
  const [saveErrors, setSaveErrors] = useState<PathErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = signature(drafts) !== savedSignature;

  const { rules, errors: localErrors } = useMemo(() => toInput(drafts, t, fieldT), [drafts, t, fieldT]);
  const hasLocalErrors = Object.keys(localErrors).length > 0;

  // The preview follows the rules as typed, ~400 ms after the last keystroke; rules with an error wait.
  const serialized = hasLocalErrors ? null : JSON.stringify(rules);
  const debounced = useDebouncedValue(serialized, 400);
  const previewRules = useMemo(() => (debounced ? (JSON.parse(debounced) as RuleInput[]) : []), [debounced]);
  const preview = useQuery({
    ...trpc.buildings.previewCharges.queryOptions({ buildingId: building.id, chargeRules: previewRules }),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const previewRefused = preview.isError && errorCode(preview.error) === 'UNPROCESSABLE_CONTENT';
  const previewErrors = useMemo(() => (previewRefused ? errorsByPath(fieldErrors(preview.error), words) : {}), [previewRefused, preview.error, words]);

  // Warn before leaving the page (reload, closing the tab) with unsaved rules.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Focus moves after the next render: a new rule's name, a moved rule's button, the first invalid field.
  const focusAfterRender = useRef<string[] | null>(null);
  useEffect(() => {
    const candidates = focusAfterRender.current;
    if (!candidates) return;
    focusAfterRender.current = null;
    for (const id of candidates) {
      const element = sectionRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(id)}"]`);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        return;
      }
    }
  });
  const focusFirstError = (errors: PathErrors) => {
    const first = firstErrorFocus(drafts, errors);
    if (first) focusAfterRender.current = [first];
  };

  /** After the list changed shape: positional errors of the old order would land on the wrong rules. */
  function resetOutcome() {
    setSaveErrors({});
    setNotice(null);
  }

  function change(index: number, patch: Partial<Draft>) {
    setDrafts((previous) => previous.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
    setNotice(null);
    const touched = Object.keys(patch) as DraftField[];
    if (touched.some((field) => saveErrors[rulePath(index, field)])) {
      setSaveErrors((previous) => {
        const next = { ...previous };
        for (const field of touched) delete next[rulePath(index, field)];
        return next;
      });
    }
  }

  function addRule() {
    if (drafts.length >= MAX_RULES) return;
    const key = `new-${++newRuleCounter}`;
    setDrafts((previous) => [...previous, emptyDraft(key)]);
    resetOutcome();
    focusAfterRender.current = [`${key}:name`];
  }

  function removeRule(index: number) {
    const next = drafts[index + 1] ?? drafts[index - 1];
    setDrafts((previous) => previous.filter((_, i) => i !== index));
    resetOutcome();
    focusAfterRender.current = next ? [`${next.key}:name`] : ['add-rule'];
  }

  function moveRule(index: number, direction: -1 | 1) {
    const target = index + direction;
    if (target < 0 || target >= drafts.length) return;
    const key = drafts[index]!.key;
    setDrafts((previous) => {
      const copy = [...previous];
      [copy[index], copy[target]] = [copy[target]!, copy[index]!];
      return copy;
    });
    resetOutcome();
    // Keep the focus on the button that moved the rule; at the top or bottom it is disabled, so the other one.
    focusAfterRender.current = direction < 0 ? [`${key}:up`, `${key}:down`] : [`${key}:down`, `${key}:up`];
  }

  const save = useMutation(trpc.buildings.update.mutationOptions());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    setNotice(null);
    const found = missingNames(drafts, t);
    if (hasLocalErrors || Object.keys(found).length) {
      setSaveErrors(found);
      focusFirstError({ ...localErrors, ...found });
      return;
    }
    setSaveErrors({});
    save.mutate(
      { id: building.id, chargeRules: rules },
      {
        onSuccess: ({ data }) => {
          const fresh = data.chargeRules.map(draftOf);
          setDrafts(fresh);
          setSavedSignature(signature(fresh));
          setNotice(data.chargeRules.length === 0 ? t('savedNone') : t('saved', { count: data.chargeRules.length }));
          queryClient.setQueryData(trpc.buildings.get.queryKey({ id: building.id }), { data });
          void queryClient.invalidateQueries(trpc.buildings.list.pathFilter());
        },
        onError: (error) => {
          if (errorCode(error) === 'UNPROCESSABLE_CONTENT') {
            const byPath = errorsByPath(fieldErrors(error), words);
            setSaveErrors(byPath);
            setFormError(t('notSavedFix'));
            focusFirstError(byPath);
          } else {
            setFormError(`${t('notSaved')} ${describeError(error, words)}`);
          }
        },
      },
    );
  }

  function discard() {
    setDrafts(building.chargeRules.map(draftOf));
    setSavedSignature(signature(building.chargeRules.map(draftOf)));
    setSaveErrors({});
    setFormError(null);
    setNotice(null);
  }

  return {
    drafts,
    dirty,
    notice,
    formError,
    saving: save.isPending,
    errorAt: (index: number, field: DraftField): string | undefined => {
      const at = rulePath(index, field);
      return localErrors[at] ?? saveErrors[at] ?? previewErrors[at];
    },
    listErrors: listErrors(saveErrors, previewErrors),
    change,
    addRule,
    removeRule,
    moveRule,
    submit,
    discard,
    preview: {
      preview: preview.data,
      fetching: preview.isFetching,
      waiting: serialized !== debounced,
      invalid: hasLocalErrors || Object.keys(previewErrors).length > 0,
      failed: preview.isError && !previewRefused ? describeError(preview.error, words) : null,
    },
  };
}

export type ChargeRulesState = ReturnType<typeof useChargeRules>;
