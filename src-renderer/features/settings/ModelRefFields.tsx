// A provider connection and a model, as the default judge and the optimizer's proposer are set.
import { SelectField } from '../../components/Field';
import { ModelInput } from '../../components/ModelInput';

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
  return (
    <>
      <SelectField
        id={`${id}-provider`}
        label={`${what} provider`}
        help="A connection from Provider connections."
        messages={at(`${path}.provider`)}
        value={value.provider}
        onChange={(provider) => onChange({ ...value, provider })}
        testId={`${id}-provider`}
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
      </SelectField>
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
