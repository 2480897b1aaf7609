// The workspace store against a fake service: the info and its refresh, a failed read, and a late answer dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkspace } from '../../../../src-renderer/features/workspace/workspace.store';
import { answer, heldAnswers, refuse, resetService, type Held } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

beforeEach(() => {
  resetService();
  useWorkspace.setState(useWorkspace.getInitialState(), true);
});

/** Two reads at once: the newer one answers `newerInfo` first, then `settleOlder` settles the older one. */
async function newerReadFirst(newerInfo: unknown, settleOlder: (older: Held<unknown>) => void): Promise<void> {
  const [older, newer] = heldAnswers('workspace.get', 2);
  const first = useWorkspace.getState().workspaceRequested();
  const second = useWorkspace.getState().workspaceRequested();
  newer!.resolve(newerInfo);
  await second;
  settleOlder(older!);
  await first;
}

describe('workspace store', () => {
  it('reads the workspace, and keeps the last info with the reason when a later read fails', async () => {
    answer('workspace.get', () => ({ name: 'helpdesk', trusted: false }));
    await useWorkspace.getState().workspaceRequested();
    expect(useWorkspace.getState()).toMatchObject({ info: { name: 'helpdesk', trusted: false }, error: undefined });

    refuse('workspace.get', 'aieval.yaml line 3: bad indentation', 'invalid_workspace');
    await useWorkspace.getState().workspaceRequested();
    expect(useWorkspace.getState()).toMatchObject({
      info: { name: 'helpdesk' },
      error: 'aieval.yaml line 3: bad indentation',
    });

    answer('workspace.get', () => ({ name: 'helpdesk', trusted: false }));
    await useWorkspace.getState().workspaceRequested();
    expect(useWorkspace.getState().error).toBeUndefined();
  });

  it('takes the trusted workspace the service answers with', async () => {
    answer('workspace.trust', () => ({ name: 'helpdesk', trusted: true }));
    await useWorkspace.getState().trustGranted();
    expect(useWorkspace.getState().info).toMatchObject({ trusted: true });
  });

  it('drops the answer of an older read that arrives after a newer one', async () => {
    await newerReadFirst({ name: 'after the edit' }, (older) => older.resolve({ name: 'before the edit' }));
    expect(useWorkspace.getState().info).toMatchObject({ name: 'after the edit' });
  });

  it('drops the failure of an older read once a newer one answered', async () => {
    await newerReadFirst({ name: 'helpdesk' }, (older) => older.reject(new Error('the file was being written')));
    expect(useWorkspace.getState()).toMatchObject({ info: { name: 'helpdesk' }, error: undefined });
  });
});
