// Where an imported run came from: the envelope files, the tool that wrote them, and their checksums.
import { useEffect, useState } from 'react';
import type { ImportedFile } from '../../../src-shared/model';
import { api } from '../../api/client';

export function Provenance({ runId }: { runId: string }) {
  const [files, setFiles] = useState<ImportedFile[]>();
  useEffect(() => void api['import.provenance']({ runId }).then((result) => setFiles(result.files)), [runId]);
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
