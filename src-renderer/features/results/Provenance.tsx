// Where an imported run came from: the envelope files, the tool that wrote them, and their checksums.
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';

export function Provenance({ runId }: { runId: string }) {
  const files = useQuery(() => api['import.provenance']({ runId }), [runId]).data?.files;
  if (!files?.length) return null;
  return (
    <div className="banner" role="note" data-testid="provenance">
      <span>
        Imported from {files.length === 1 ? 'an envelope' : `${files.length} envelopes`}:{' '}
        {files.map((file) => (
          <span key={file.fileName} className="mono" title={`sha256 ${file.aggregateSha256}`}>
            {file.fileName} ({file.evalLibrary}, schema {file.schemaVersion}){' '}
          </span>
        ))}
      </span>
    </div>
  );
}
