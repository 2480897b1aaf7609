// The reviewer name every label from this app is stored with: a setting of the user, saved apart from aieval.yaml.
import { useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { presentMessages, TextField } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { messageOf } from '../../../src-shared/text/message-of';

export function ReviewerSetting() {
  const { data, error, setData } = useQuery(() => api['userSettings.get']({}), []);
  const [draft, setDraft] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const saved = data?.reviewer ?? '';
  const value = draft ?? saved;
  const dirty = data !== undefined && value.trim() !== saved;
  const save = async () => {
    try {
      const next = await api['userSettings.update']({ reviewer: value });
      setData(() => next);
      setDraft(undefined);
      setSaveError(undefined);
    } catch (reason) {
      setSaveError(messageOf(reason));
    }
  };
  return (
    <FormSection
      titleId="settings-reviewer"
      title="You"
      testId="settings-section-reviewer"
      help={
        <>
          Kept for you on this computer, not in <code>aieval.yaml</code>, and saved on its own.
        </>
      }
      fields={
        <TextField
          id="setting-reviewer"
          label="Reviewer name"
          help="Every label you give is stored with this name, so the judges screen can show how far reviewers agree (κ, α). Empty: unnamed, left out of agreement."
          messages={presentMessages(error, saveError)}
          value={value}
          maxLength={64}
          placeholder="e.g. ana"
          onChange={setDraft}
          onKeyDown={(event) => event.key === 'Enter' && dirty && void save()}
          testId="setting-reviewer"
        />
      }
    >
      <div className="reviewer-save">
        <button
          type="button"
          className="button primary"
          disabled={!dirty}
          onClick={() => void save()}
          data-testid="save-reviewer"
        >
          Save name
        </button>
        <span className="muted" role="status" data-testid="reviewer-status">
          {data === undefined
            ? ''
            : saved
              ? `Your labels are stored as “${saved}”.`
              : 'Your labels are stored without a name.'}
        </span>
      </div>
    </FormSection>
  );
}
