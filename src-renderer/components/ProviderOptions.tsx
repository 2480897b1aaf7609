// The provider connections as the `<option>`s of a select, each with its kind.
import type { ProviderSummary } from '../../src-shared/contract/providers.contract';

export function ProviderOptions({ providers }: { providers: readonly ProviderSummary[] }) {
  return (
    <>
      {providers.map((provider) => (
        <option key={provider.name} value={provider.name}>
          {provider.name} ({provider.config.kind})
        </option>
      ))}
    </>
  );
}
