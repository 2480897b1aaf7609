// The "remove" link of one column of a comparison (a variant, a model), named for screen readers.
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="link-button" onClick={onRemove} aria-label={label}>
      remove
    </button>
  );
}
