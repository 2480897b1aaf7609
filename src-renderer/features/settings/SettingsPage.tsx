// The settings screen (`#/settings`): provider connections and keys, the judge, and every workspace setting; Save writes aieval.yaml.
import { FormHeader, FormNotLoaded, SaveButton } from '../../components/FormPage';
import { IssuesBanner } from '../../components/IssuesBanner';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DiskChangeBanner } from '../../components/DiskChangeBanner';
import { comparableText, CONFIG_FILE, useDiskWatch } from '../../components/disk-change';
import { useUnsavedEditor } from '../../navigation/unsaved.store';
import { messagesAt } from '../../components/field-issues';
import { ConnectionsSection } from './ConnectionsSection';
import { JudgeSection } from './JudgeSection';
import { ModelRefFields } from './ModelRefFields';
import { SETTINGS_SECTIONS } from './settings-fields';
import { changed, fieldIssuesOf, unplacedIssues, visibleDraftIssues } from './settings.selectors';
import { validateDraft } from './settings-form';
import { useSettings } from './settings.store';
import { ReceiverStatusLine } from './ReceiverStatusLine';
import { ReviewerSetting } from './ReviewerSetting';
import { SettingsSectionView } from './SettingsSectionView';
import { TeamStoreSetting } from './TeamStoreSetting';

export function SettingsPage() {
  const state = useSettings(
    useShallow(({ draft, loaded, onDisk, error, notice, attempted, saving, serverIssues }) => ({
      draft,
      loaded,
      onDisk,
      error,
      notice,
      attempted,
      saving,
      serverIssues,
    })),
  );
  const { draft, loaded } = state;
  const { settingsOpened, saveRequested, settingEdited, draftEdited, reverted } = useSettings.getState();
  useEffect(() => void settingsOpened(), [settingsOpened]);
  useDiskWatch(CONFIG_FILE, () => void useSettings.getState().diskChanged());
  useUnsavedEditor('settings', Boolean(draft && loaded && changed(draft, loaded)), {
    screen: 'settings',
    label: 'Settings',
    isDirty: () => {
      const now = useSettings.getState();
      return Boolean(now.draft && now.loaded && changed(now.draft, now.loaded));
    },
    save: saveRequested,
    discard: () => useSettings.setState((now) => ({ draft: now.loaded, attempted: false, error: undefined })),
  });

  if (!draft || !loaded)
    return (
      <FormNotLoaded error={state.error && `Cannot open the settings: ${state.error}`} loading="Loading settings…" />
    );
  const local = validateDraft(draft).issues;
  const shown = [...visibleDraftIssues(local, draft, loaded, state.attempted), ...fieldIssuesOf(state.serverIssues)];
  const at = (path: string) => messagesAt(shown, path);
  const dirty = changed(draft, loaded);
  const providers = draft.connections.map((row) => row.name);
  const unplaced = unplacedIssues(state.serverIssues);

  return (
    <div className="page form-page" data-testid="settings">
      <FormHeader
        title="Settings"
        intro={
          <>
            Saved into <code>aieval.yaml</code> with its comments kept; runs started after saving use the new values.
          </>
        }
        state={state}
        dirty={dirty}
        problems={local.length}
        statusTestId="settings-status"
      >
        <button type="button" className="button" onClick={reverted} disabled={!dirty} data-testid="revert-settings">
          Revert
        </button>
        <SaveButton
          type="button"
          onClick={() => void saveRequested()}
          disabled={!dirty || state.saving}
          saving={state.saving}
          testId="save-settings"
        />
      </FormHeader>
      {state.onDisk && (
        <DiskChangeBanner
          subject={`${CONFIG_FILE} (settings and connections)`}
          mine={comparableText(draft)}
          onDisk={comparableText(state.onDisk)}
          onReload={useSettings.getState().reloadRequested}
          onKeepMine={useSettings.getState().keepMineRequested}
        />
      )}
      <IssuesBanner issues={unplaced} testId="settings-other-issues" />
      <ReviewerSetting />
      <TeamStoreSetting />
      <ConnectionsSection at={at} />
      <JudgeSection judge={draft.judge} providers={providers} at={at} onChange={(judge) => draftEdited({ judge })} />
      {SETTINGS_SECTIONS.map((section) => (
        <SettingsSectionView
          key={section.id}
          section={section}
          values={draft.settings.values}
          at={at}
          onEdit={settingEdited}
        >
          {section.id === 'traces' && <ReceiverStatusLine version={loaded} />}
          {section.id === 'optimizer' && (
            <ModelRefFields
              id="proposer"
              what="Proposer"
              value={draft.settings.proposer}
              providers={providers}
              at={at}
              path="settings.optimizer.proposer"
              onChange={(proposer) => draftEdited({ proposer })}
            />
          )}
        </SettingsSectionView>
      ))}
    </div>
  );
}
