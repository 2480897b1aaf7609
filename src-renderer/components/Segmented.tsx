// A choice of a few words shown side by side (a radio group of buttons): the target's mode, its gate type, a run's
// row filter, a result's verdict.

type Props<T extends string> = Readonly<{
  /** The group's id; each option's test id is `${id}-${option}`. */
  id: string;
  label: string;
  options: readonly T[];
  /** What each option is shown as, when not its own word. */
  labels?: Readonly<Partial<Record<T, string>>>;
  /** The chosen option; undefined while none is (a result not annotated yet). */
  value: T | undefined;
  onChange(value: T): void;
}>;

export function Segmented<T extends string>({ id, label, options, labels, value, onChange }: Props<T>) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label} id={id}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          className="button"
          onClick={() => onChange(option)}
          data-testid={`${id}-${option}`}
        >
          {labels?.[option] ?? option}
        </button>
      ))}
    </div>
  );
}
