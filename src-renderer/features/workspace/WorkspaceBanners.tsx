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
  // The first problem's file opens in the app when it has an editor for it (a dataset); any other file (a rubric, a
  // judge template) is edited outside the app, which reloads it on save.
  const first = errors[0];
  const datasetId = first?.file.startsWith('datasets/') ? first.file.replace(/^datasets\/|\.ya?ml$/g, '') : undefined;
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
          {datasetId ? (
            <a className="button" href={hrefFor('datasets', datasetId)} data-testid="open-problem-file">
              Open
            </a>
          ) : (
            first!.file !== 'aieval.yaml' && (
              <span className="banner-note" data-testid="edit-outside">
                Edit <code>{first!.file}</code> in your editor: the app reloads it when it is saved.
              </span>
            )
          )}
        </div>
      )}
    </>
  );
}
