// A labelled form field with its unit, help text and inline problems, tied to its control for screen readers.
import type { KeyboardEvent, ReactNode } from 'react';
import { Segmented } from './Segmented';

type Props = Readonly<{
  id: string;
  label: string;
  unit?: string;
  help?: ReactNode;
  messages?: readonly string[];
  wide?: boolean;
  children: ReactNode;
}>;

/** The aria props a field's control needs: its help and problems as description, and whether it is invalid. */
export function fieldAria(id: string, messages: readonly string[] = []) {
  return {
    id,
    'aria-describedby': `${id}-help ${id}-problems`,
    'aria-invalid': messages.length > 0 || undefined,
  } as const;
}

/** A field's problems out of the errors that may be set (loading its value, saving it). */
export function presentMessages(...messages: readonly (string | undefined)[]): string[] {
  return messages.filter((message): message is string => message !== undefined);
}

export function Field({ id, label, unit, help, messages = [], wide, children }: Props) {
  return (
    <div className={`field${wide ? ' wide' : ''}${messages.length ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {unit && <span className="field-unit">{unit}</span>}
      </label>
      {children}
      {help && (
        <div className="field-help" id={`${id}-help`}>
          {help}
        </div>
      )}
      <div id={`${id}-problems`} data-testid={`problems-${id}`}>
        {messages.map((message) => (
          <div key={message} className="field-error" role="alert">
            <span aria-hidden="true">✕</span> {message}
          </div>
        ))}
      </div>
    </div>
  );
}

type InputFieldProps = Omit<Props, 'children'> &
  Readonly<{
    value: string;
    placeholder?: string;
    /** The longest text the input takes. */
    maxLength?: number;
    testId?: string;
    onChange(value: string): void;
    /** Keys pressed in the input (Enter to save a field saved on its own). */
    onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  }>;

/** A field holding one line as typed; NumberField and TextField set its look and keyboard. */
function InputField({
  className,
  inputMode,
  value,
  placeholder,
  maxLength,
  spellCheck,
  testId,
  onChange,
  onKeyDown,
  ...field
}: InputFieldProps & Readonly<{ className: string; inputMode?: 'decimal' | 'numeric'; spellCheck?: false }>) {
  return (
    <Field {...field}>
      <input
        className={className}
        inputMode={inputMode}
        {...fieldAria(field.id, field.messages)}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid={testId}
        spellCheck={spellCheck}
      />
    </Field>
  );
}

type NumberFieldProps = InputFieldProps &
  Readonly<{
    /** Decimals allowed (a threshold, a temperature); whole numbers otherwise. */
    decimal?: boolean;
  }>;

/** A field holding one number as typed (the form checks it), with the numeric keyboard on touch screens. */
export function NumberField({ decimal, ...input }: NumberFieldProps) {
  return <InputField {...input} className="form-control num" inputMode={decimal ? 'decimal' : 'numeric'} />;
}

type TextFieldProps = InputFieldProps &
  Readonly<{
    /** Set in the monospace font, and not spell-checked: ids, commands, paths, URLs. */
    mono?: boolean;
  }>;

/** A field holding one line of text. */
export function TextField({ mono, ...input }: TextFieldProps) {
  return (
    <InputField
      {...input}
      className={mono ? 'form-control mono' : 'form-control'}
      spellCheck={mono ? false : undefined}
    />
  );
}

type SelectFieldProps = Props &
  Readonly<{
    value: string;
    testId?: string;
    onChange(value: string): void;
  }>;

/** A field choosing one of its `<option>` children. */
export function SelectField({ value, testId, onChange, children, ...field }: SelectFieldProps) {
  return (
    <Field {...field}>
      <select
        className="form-control"
        {...fieldAria(field.id, field.messages)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {children}
      </select>
    </Field>
  );
}

type SegmentedFieldProps<T extends string> = Omit<Props, 'children'> &
  Readonly<{
    /** The radio group's own name for screen readers (e.g. "Gate type" for the field "Type"). */
    groupLabel: string;
    options: readonly T[];
    labels?: Readonly<Partial<Record<T, string>>>;
    value: T;
    onChange(value: T): void;
  }>;

/** A field choosing one of a few words shown side by side (see Segmented). */
export function SegmentedField<T extends string>({
  groupLabel,
  options,
  labels,
  value,
  onChange,
  ...field
}: SegmentedFieldProps<T>) {
  return (
    <Field {...field}>
      <Segmented id={field.id} label={groupLabel} options={options} labels={labels} value={value} onChange={onChange} />
    </Field>
  );
}
