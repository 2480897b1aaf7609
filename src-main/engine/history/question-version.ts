// Which version of a question a result answered: a hash of its text (the input it asks) and its tags at that run.
import type { Question } from '../../../src-shared/model';
import type { QuestionVersion } from '../../store/repos/result-inserts';
import { canonicalJsonSha256 } from '../../hashing/canonical-json';

// A question object is shared by its repeats: hash it once.
const versions = new WeakMap<Question, QuestionVersion>();

/** The text hash (sha256 of the input's canonical JSON) and the tags of a question as a run asks it. */
export function questionVersionOf(question: Question): QuestionVersion {
  let version = versions.get(question);
  if (!version) {
    version = { textSha256: canonicalJsonSha256(question.input), tags: [...(question.tags ?? [])].sort() };
    versions.set(question, version);
  }
  return version;
}
