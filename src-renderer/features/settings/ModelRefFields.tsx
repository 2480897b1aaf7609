// A provider connection and a model, as the default judge and the optimizer's proposer are set.
import { Field, fieldAria } from '../../components/Field';
import { ModelInput } from '../targets/ModelInput';

type Props = Readonly<{
  id: string;
  what: string;
  value: Readonly<{ provider: string; model: string }>;
  providers: readonly string[];
  at: (path: string) => string[];
  path: string;
  onChange: (value: { provider: string; model: string }) => void;
}>;

export function ModelRefFields({ id, what, value, providers, at, path, onChange }: Props) {
  const providerMessages = at(`${path}.provider`);
  return (
    <>
      <Field
        id={`${id}-provider`}
        label={`${what} provider`}
        help="A connection from Provider connections."
        messages={providerMessages}
      >
        <select
          className="form-control"
          {...fieldAria(`${id}-provider`, providerMessages)}
          value={value.provider}
          onChange={(e) => onChange({ ...value, provider: e.target.value })}
          data-testid={`${id}-provider`}
        >
          <option value="">none</option>
          {value.provider && !providers.includes(value.provider) && (
            <option value={value.provider}>{value.provider} (no such connection)</option>
          )}
          {providers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <ModelInput
        id={`${id}-model`}
        label={`${what} model`}
        provider={value.provider}
        value={value.model}
        onChange={(model) => onChange({ ...value, model })}
        messages={at(`${path}.model`)}
      />
    </>
  );
}
