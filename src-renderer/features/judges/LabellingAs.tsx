// Who the labels given on this page are stored as, and where: the reviewer's own file of the judge's gold set.
import type { GraderId } from '../../../src-shared/model';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { hrefFor } from '../../navigation/router';

export function LabellingAs({ grader }: { grader: GraderId }) {
  const { data } = useQuery(() => api['judges.goldSetFiles']({ grader }), [grader]);
  if (!data) return null;
  return (
    <>
      <p className="muted" data-testid="labelling-as">
        {data.reviewer ? `Labelling as ${data.reviewer}` : 'Labelling without a reviewer name'} ·{' '}
        <a href={hrefFor('settings')}>change in Settings</a>
      </p>
      <p className="muted" data-testid="gold-files">
        Each label is a line of <code>{data.reviewerFile}</code> in the workspace: commit it to share your labels. The
        items in <code>{data.folder}/items/</code> hold the answers the judge saw, which may contain users’ data.
      </p>
    </>
  );
}
