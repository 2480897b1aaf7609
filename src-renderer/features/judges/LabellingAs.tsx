// Who the labels given on this page are stored as: the reviewer name from Settings, with a link to change it.
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { hrefFor } from '../../navigation/router';

export function LabellingAs() {
  const { data } = useQuery(() => api['userSettings.get']({}), []);
  if (!data) return null;
  return (
    <p className="muted" data-testid="labelling-as">
      {data.reviewer ? `Labelling as ${data.reviewer}` : 'Labelling without a reviewer name'} ·{' '}
      <a href={hrefFor('settings')}>change in Settings</a>
    </p>
  );
}
