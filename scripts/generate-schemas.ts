// Writes the workspace JSON Schemas into resources/schemas (run after changing src-shared/model).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceJsonSchemas } from '../src-shared/model/json-schemas';
import { RUBRIC_SCHEMA } from '../src-main/engine/grading/rubric/rubric-schema';

for (const [file, schema] of Object.entries(workspaceJsonSchemas(RUBRIC_SCHEMA))) {
  writeFileSync(join('resources', 'schemas', file), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote resources/schemas/${file}`);
}
