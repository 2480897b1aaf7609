// One group of workspace settings, rendered from its field list: numbers with their unit, switches as checkboxes.
import type { ReactNode } from 'react';
import { Field, fieldAria } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import type { SettingsSection } from './settings-fields';

type Props = Readonly<{
  section: SettingsSection;
  values: Readonly<Record<string, string | boolean>>;
  at: (path: string) => string[];
  onEdit: (path: string, value: string | boolean) => void;
  children?: ReactNode;
}>;

export function SettingsSectionView({ section, values, at, onEdit, children }: Props) {
  return (
    <FormSection
      titleId={`settings-${section.id}`}
      title={section.title}
      help={section.help}
      testId={`settings-section-${section.id}`}
      fields={
        <>
          {section.fields.map((field) => {
            const id = `setting-${field.path.replaceAll('.', '-').replaceAll('_', '-')}`;
            const messages = at(`settings.${field.path}`);
            const value = values[field.path];
            return (
              <Field
                key={field.path}
                id={id}
                label={field.label}
                unit={field.unit}
                help={
                  <>
                    <code>{field.path}</code> · {field.help}
                  </>
                }
                messages={messages}
              >
                {field.kind === 'boolean' ? (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      {...fieldAria(id, messages)}
                      checked={value === true}
                      onChange={(e) => onEdit(field.path, e.target.checked)}
                      data-testid={id}
                    />
                    {value === true ? 'on' : 'off'}
                  </label>
                ) : field.kind === 'choice' ? (
                  <select
                    className="form-control"
                    {...fieldAria(id, messages)}
                    value={String(value ?? '')}
                    onChange={(e) => onEdit(field.path, e.target.value)}
                    data-testid={id}
                  >
                    {field.options?.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    className={field.kind === 'text' ? 'form-control' : 'form-control num'}
                    inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'text' ? 'text' : 'decimal'}
                    {...fieldAria(id, messages)}
                    value={String(value ?? '')}
                    onChange={(e) => onEdit(field.path, e.target.value)}
                    data-testid={id}
                  />
                )}
              </Field>
            );
          })}
          {children}
        </>
      }
    />
  );
}
