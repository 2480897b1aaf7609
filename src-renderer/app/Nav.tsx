// The grouped navigation on the left, listed from the table of screens: evaluate, review, workspace.
import { hrefFor, useRoute } from '../navigation/router';
import { NAV } from '../navigation/screens';
import { useWorkspace } from '../features/workspace/workspace.store';
import { dirtyScreens, useUnsaved } from '../navigation/unsaved.store';

export function Nav() {
  const route = useRoute();
  const workspace = useWorkspace((state) => state.info);
  const dirty = useUnsaved(dirtyScreens).split(',');
  return (
    <nav className="nav" aria-label="Main">
      <div className="nav-brand">
        AI Eval
        <small title={workspace?.dir}>{workspace?.name ?? 'No workspace'}</small>
        {workspace && (
          <small
            data-testid="trust-state"
            title="Restricted mode starts no process and reads no API key the workspace names"
          >
            {workspace.trusted ? 'trusted' : 'untrusted: restricted mode'}
          </small>
        )}
      </div>
      {NAV.map((group) => (
        <div key={group.title}>
          <div className="nav-group-title">{group.title}</div>
          {group.items.map(({ screen, label }) => (
            <a
              key={screen}
              href={hrefFor(screen)}
              aria-current={route.screen === screen ? 'page' : undefined}
              data-testid={`nav-${screen}`}
            >
              {label}
              {dirty.includes(screen) && (
                <span className="nav-dirty" title="Unsaved changes" data-testid={`nav-dirty-${screen}`}>
                  {' '}
                  ●<span className="sr-only"> unsaved changes</span>
                </span>
              )}
            </a>
          ))}
        </div>
      ))}
    </nav>
  );
}
