// The app frame: navigation on the left, the routed screen on the right, workspace banners on top.
import { useEffect } from 'react';
import { Nav } from './Nav';
import { useRoute } from '../navigation/router';
import { Screen } from './Screen';
import { useWorkspace } from '../features/workspace/workspace.store';
import { WorkspaceBanners } from '../features/workspace/WorkspaceBanners';
import { startRunEvents } from '../features/runs/run-events';
import { startWorkspaceEvents } from '../features/workspace/workspace-events';
import { startJudgesEvents } from '../features/judges/judges-events';
import { installUnsavedGuards } from '../navigation/unsaved.store';
import { UnsavedPrompt } from './UnsavedPrompt';

export function App() {
  const route = useRoute();
  const workspaceRequested = useWorkspace((state) => state.workspaceRequested);
  useEffect(startRunEvents, []);
  useEffect(startWorkspaceEvents, []);
  useEffect(startJudgesEvents, []);
  useEffect(installUnsavedGuards, []);
  useEffect(() => void workspaceRequested(), [workspaceRequested]);
  return (
    <div className="frame">
      <Nav />
      <main className="main">
        <WorkspaceBanners />
        <Screen route={route} />
      </main>
      <UnsavedPrompt />
    </div>
  );
}
