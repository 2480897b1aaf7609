// The target editor (`#/targets/<id>/edit`, `#/targets/new`): one form over a target of aieval.yaml, saved with its comments kept.
import { FormHeader, FormNotLoaded, SaveButton } from '../../components/FormPage';
import { IssuesBanner } from '../../components/IssuesBanner';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DiskChangeBanner } from '../../components/DiskChangeBanner';
import { comparableText, CONFIG_FILE, useDiskWatch } from '../../components/disk-change';
import { hrefFor } from '../../navigation/router';
import { useUnsavedEditor } from '../../navigation/unsaved.store';
import { AgentSection } from './AgentSection';
import { GateSection } from './GateSection';
import { GradersSection } from './GradersSection';
import { JudgeMismatchNote } from '../../components/JudgeMismatchNote';
import { IdentitySection } from './IdentitySection';
import { ModelSection } from './ModelSection';
import { validateForm } from './target-form';
import { messagesAt } from '../../components/field-issues';
import { isDirty, splitIssues, targetIndex, visibleIssues } from './targets.selectors';
import { takenIds, useTargets } from './targets.store';

export function TargetEditorPage({ targetId }: { targetId: string | undefined }) {
  const state = useTargets(
    useShallow((now) => ({
      form: now.form,
      initial: now.initial,
      onDisk: now.onDisk,
      error: now.error,
      notice: now.notice,
      attempted: now.attempted,
      saving: now.saving,
      serverIssues: now.serverIssues,
      targetIds: now.targetIds,
      previousId: now.previousId,
      judgeMismatch: now.judgeMismatch,
      providers: now.providers,
      datasets: now.datasets,
      warnings: now.warnings,
      settings: now.settings,
    })),
  );
  const { form, initial } = state;
  const { editorOpened, formEdited, saveRequested, reloadRequested, keepMineRequested } = useTargets.getState();
  useEffect(() => void editorOpened(targetId), [targetId, editorOpened]);
  useDiskWatch(CONFIG_FILE, () => void useTargets.getState().diskChanged());
  useUnsavedEditor('target', isDirty(form, initial), {
    screen: 'targets',
    label: targetId ? `Target ${targetId}` : 'The new target',
    isDirty: () => isDirty(useTargets.getState().form, useTargets.getState().initial),
    save: saveRequested,
    discard: () => useTargets.setState((now) => ({ form: now.initial, attempted: false, error: undefined })),
  });

  if (!form || !initial)
    return <FormNotLoaded error={state.error} loading={`Loading ${targetId ?? 'the new target'}…`} />;
  const { own, other } = splitIssues(state.serverIssues, targetIndex(state.targetIds, state.previousId));
  const local = validateForm(form, takenIds(state)).issues;
  const shown = [...visibleIssues(local, form, initial, state.attempted), ...own];
  const at = (path: string, nested = false) => messagesAt(shown, path, nested);
  const dirty = isDirty(form, initial);
  const sectionProps = { form, at, edit: formEdited };

  return (
    <form
      className="page form-page"
      aria-label={targetId ? `Edit target ${targetId}` : 'New target'}
      onSubmit={(event) => {
        event.preventDefault();
        void saveRequested();
      }}
      data-testid="target-editor"
    >
      <FormHeader
        title={targetId ? `Edit ${initial.label || targetId}` : 'New target'}
        intro={
          <>
            Saved into <code>aieval.yaml</code> with its comments and key order; runs already stored keep the settings
            they ran with.
          </>
        }
        state={state}
        dirty={dirty}
        problems={local.length}
        statusTestId="save-status"
      >
        <a
          className="button"
          href={hrefFor('targets')}
          onClick={() => useTargets.setState((now) => ({ form: now.initial }))}
          data-testid="cancel-target"
        >
          Cancel
        </a>
        <SaveButton type="submit" disabled={state.saving} saving={state.saving} testId="save-target" />
      </FormHeader>
      {state.onDisk && (
        <DiskChangeBanner
          subject={`${CONFIG_FILE} (target ${state.previousId ?? form.id})`}
          mine={comparableText(form)}
          onDisk={comparableText(state.onDisk)}
          onReload={reloadRequested}
          onKeepMine={keepMineRequested}
        />
      )}
      <IssuesBanner issues={other} testId="other-issues" />
      {state.judgeMismatch && (
        <JudgeMismatchNote
          mismatch={state.judgeMismatch}
          testId="editor-judge-mismatch"
          onSwitched={() => formEdited({})}
        />
      )}
      <IdentitySection {...sectionProps} />
      <ModelSection {...sectionProps} providers={state.providers} />
      <GradersSection {...sectionProps} datasets={state.datasets} warnings={state.warnings} />
      <GateSection {...sectionProps} settings={state.settings} />
      {form.mode === 'agent' && <AgentSection {...sectionProps} />}
    </form>
  );
}
