// The one place workspace events feed the workspace store: a change on disk reloads the workspace (started at boot).
import { api } from '../../api/client';
import { useWorkspace } from './workspace.store';

export function startWorkspaceEvents(): () => void {
  const { workspaceRequested } = useWorkspace.getState();
  return api.on('workspace.changed', () => void workspaceRequested());
}
