// Banners above every screen: the workspace is untrusted and restricted mode withholds something, or its files have errors.
import { hrefFor } from '../../navigation/router';
import { useWorkspace } from './workspace.store';
import { useShallow } from 'zustand/react/shallow';

export function WorkspaceBanners() {
  const { info, error, trustGranted } = useWorkspace(
    useShallow(({ info, error, trustGranted }) => ({ info, error, trustGranted })),
  );
  if (error)
    return (
      <div className="banner error" role="alert">
        Cannot reach the workspace: {error}
      </div>
    );
  if (!info) return null;
  const errors = info.issues.filter((issue) => issue.severity === 'error');
  const firstDataset = errors.find((issue) => issue.file.startsWith('datasets/'));
  return (
    <>
      {!info.trusted && (info.needsTrust || info.withheld.length > 0) && (
        <div className="banner" role="status" data-testid="trust-banner">
          <div>
            This workspace is <strong>untrusted</strong> (restricted mode): until you trust it (here or with{' '}
            <code>ai-eval trust</code>), it starts no process and reads no API key it names. Withheld now:
            <ul className="withheld" data-testid="trust-withheld">
              {info.withheld.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <button className="button" onClick={() => void trustGranted()}>
            Trust this workspace
          </button>
        </div>
      )}
      {errors.length > 0 && (
        <div className="banner error" role="alert" data-testid="workspace-errors">
          <span>
            {errors.length} problem{errors.length === 1 ? '' : 's'} in the workspace files; runs cannot start until they
            are fixed. First:{' '}
            <code>
              {errors[0]!.file}:{errors[0]!.line}:{errors[0]!.column}
            </code>{' '}
            {errors[0]!.message}
          </span>
          {firstDataset && (
            <a className="button" href={hrefFor('datasets', firstDataset.file.replace(/^datasets\/|\.ya?ml$/g, ''))}>
              Open
            </a>
          )}
        </div>
      )}
    </>
  );
}
