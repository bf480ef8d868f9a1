import { type FormEvent, useRef, useState } from 'react';
import type { Problem } from './validation';

/**
 * Per-field problems of one step's form. Submitting checks every field, shows every message at
 * once and moves focus to the first field that needs fixing; typing in a field clears its message.
 */
export function useFormProblems<K extends string>() {
  const [problems, setProblems] = useState<Partial<Record<K, Problem>>>({});
  const form = useRef<HTMLFormElement>(null);

  const handleSubmit =
    (check: () => Record<K, Problem>, submit: () => void) => (event: FormEvent) => {
      event.preventDefault();
      const found = check();
      setProblems(found);
      if (Object.values<Problem>(found).some(Boolean)) {
        // After React has rendered the messages and aria-invalid.
        setTimeout(() =>
          form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
        return;
      }
      submit();
    };

  const clear = (key: K) =>
    setProblems((current) => (current[key] ? { ...current, [key]: null } : current));

  return { form, problems, problemOf: (key: K) => problems[key] ?? null, clear, handleSubmit };
}

/** A step's text fields and their problems: `field(key)` gives a `<Field>` its value and handlers. */
export function useFormFields<K extends string>(
  initial: Record<K, string> | (() => Record<K, string>),
) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const problems = useFormProblems<K>();
  const field = (key: K) => ({
    value: values[key],
    onValueChange: (value: string) => {
      setValues((current) => ({ ...current, [key]: value }));
      problems.clear(key);
    },
    problem: problems.problemOf(key),
  });
  return { ...problems, values, field };
}
